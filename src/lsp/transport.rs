//! The protocol's messages over standard input and output, framed by
//! `lsp-server`'s types, read with bounds: a message longer than
//! [`MAX_MESSAGE_BYTES`] or a header line longer than a few kilobytes is
//! refused before anything is allocated for it, and a message that is not
//! JSON-RPC is skipped with an error logged to the client, not the end of
//! the session.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{bounded, Sender};
use lsp_server::{Connection, Message, Notification};

/// The longest message read: a document of 16 MiB and its JSON escapes.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// The longest header line (`Content-Length: ...`).
const MAX_HEADER_LINE: u64 = 4096;

/// The threads that read and write standard input and output.
pub struct Threads {
    reader: thread::JoinHandle<()>,
    writer: thread::JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Wait for both to end (the writer once every sender is dropped).
    pub fn join(self) -> io::Result<()> {
        let _ = self.reader.join();
        self.writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread failed")))
    }
}

/// A connection over standard input and output.
pub fn stdio() -> io::Result<(Connection, Threads)> {
    let (to_writer, writes) = bounded::<Message>(0);
    let (to_server, reads) = bounded::<Message>(0);
    let writer = thread::Builder::new()
        .name("arbitre-lsp-writer".into())
        .spawn(move || {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            for message in writes {
                message.write(&mut out)?;
                out.flush()?;
            }
            Ok(())
        })?;
    let complaints = to_writer.clone();
    let reader = thread::Builder::new()
        .name("arbitre-lsp-reader".into())
        .spawn(move || {
            let stdin = io::stdin();
            read_all(&mut stdin.lock(), &to_server, &complaints);
        })?;
    Ok((
        Connection {
            sender: to_writer,
            receiver: reads,
        },
        Threads { reader, writer },
    ))
}

/// Messages read from `input` until its end, an exit, or a framing that
/// cannot be followed.
pub(super) fn read_all(
    input: &mut impl BufRead,
    server: &Sender<Message>,
    client: &Sender<Message>,
) {
    loop {
        match read_message(input) {
            Ok(None) => return,
            Ok(Some(Ok(message))) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if server.send(message).is_err() || exit {
                    return;
                }
            }
            Ok(Some(Err(why))) => {
                let _ = client.send(log_error(&format!(
                    "arbitre lsp skipped a message that is not JSON-RPC: {why}"
                )));
            }
            Err(why) => {
                let _ = client.send(log_error(&format!("arbitre lsp stops reading: {why}")));
                return;
            }
        }
    }
}

/// A `window/logMessage` of an error.
fn log_error(message: &str) -> Message {
    Message::Notification(Notification::new(
        "window/logMessage".into(),
        serde_json::json!({"type": 1, "message": message}),
    ))
}

/// One message: `None` at the end of the input, an inner error for a body
/// that is not a message (the next one can still be read), an outer one
/// for framing that cannot be followed.
fn read_message(input: &mut impl BufRead) -> io::Result<Option<Result<Message, String>>> {
    let mut length: Option<usize> = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = input
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(None);
        }
        if !line.ends_with(b"\n") {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "a header line longer than 4096 bytes",
            ));
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if length.is_some() {
                break;
            }
            // Blank lines between messages are let pass.
            continue;
        }
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = Some(value.trim().parse().map_err(|_| {
                    io::Error::new(
                        io::ErrorKind::InvalidData,
                        "a Content-Length that is not a number",
                    )
                })?);
            }
        }
    }
    let length = length.unwrap_or(0);
    if length > MAX_MESSAGE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a message of {length} bytes, more than the {MAX_MESSAGE_BYTES} allowed"),
        ));
    }
    let mut body = vec![0; length];
    input.read_exact(&mut body)?;
    Ok(Some(
        serde_json::from_slice::<Message>(&body).map_err(|e| e.to_string()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn bad_json_is_skipped_and_huge_lengths_refused() {
        let input = format!(
            "{}{}Content-Length: 99999999999\r\n\r\n",
            framed("{not json"),
            framed(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        );
        let (server, reads) = crossbeam_channel::unbounded();
        let (client, logs) = crossbeam_channel::unbounded();
        read_all(&mut input.as_bytes(), &server, &client);
        assert_eq!(reads.try_iter().count(), 1);
        assert_eq!(logs.try_iter().count(), 2);
    }

    #[test]
    fn a_line_without_end_is_refused() {
        let input = "x".repeat(100_000);
        assert!(read_message(&mut input.as_bytes()).is_err());
    }
}
