;;; round.el --- `arbitre lsp' through eglot, in Emacs in batch mode  -*- lexical-binding: t; -*-

;; Through the set-up users load, editors/emacs/arbitre.el: records open
;; in `arbitre-mode', eglot starts the server, and its answers are read as
;; Emacs reads them (Flymake's diagnostics, the buffer after
;; `eglot-format-buffer', eglot's completion table). A shorter round than
;; tests/editors/neovim/round.lua's. Exits 1 naming each miss.
;;
;; ARBITRE_BIN: the binary; ARBITRE_ROOT: the repository.

;;; Code:

(require 'arbitre)
(require 'cl-lib)

(defvar round-bin (or (getenv "ARBITRE_BIN") (error "ARBITRE_BIN names the binary")))
(defvar round-root (or (getenv "ARBITRE_ROOT") (error "ARBITRE_ROOT names the repository")))
(defvar round-failures nil)
(defvar round-published 0 "How many times diagnostics were published.")
(defconst round-timeout 10.0)

(setq arbitre-program round-bin)
(setq eglot-sync-connect round-timeout)
(setq eglot-send-changes-idle-time 0.1)
(setq eglot-events-buffer-size 0)
(setq eglot-autoreconnect nil)

(advice-add 'eglot-handle-notification :after
            (lambda (_server method &rest _)
              (when (eq method 'textDocument/publishDiagnostics)
                (cl-incf round-published))))

(defun round-say (line)
  (princ (concat line "\n")))

(defun round-check (ok what &optional got)
  (if ok
      (round-say (concat "ok   " what))
    (let ((line (if got (format "%s: got %S" what got) what)))
      (push line round-failures)
      (round-say (concat "FAIL " line))))
  ok)

(defun round-wait (predicate what)
  "Let eglot's process and timers run until PREDICATE holds."
  (let ((deadline (+ (float-time) round-timeout)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or (funcall predicate) (error "No %s in %s s" what round-timeout))))

(defun round-wait-published (before)
  (round-wait (lambda () (> round-published before)) "publishDiagnostics")
  ;; Flymake takes the report on its own turn.
  (let ((deadline (+ (float-time) 0.5)))
    (while (< (float-time) deadline) (accept-process-output nil 0.05))))

(defun round-open (file)
  "Visit FILE as a user does; connect eglot as its post-command hook would."
  (let ((before round-published))
    (find-file file)
    (run-hooks 'post-command-hook)
    (round-check (eq major-mode 'arbitre-mode)
                 (format "%s: arbitre-mode" (file-name-nondirectory file)) major-mode)
    (round-wait #'eglot-current-server "eglot server")
    (round-wait-published before)
    (current-buffer)))

(defun round-errors ()
  (cl-remove-if-not (lambda (d) (eq (flymake-diagnostic-type d) 'eglot-error))
                    (flymake-diagnostics)))

(defun round-request (method params)
  (jsonrpc-request (eglot-current-server) method params :timeout round-timeout))

(defun round-scratch (name text)
  (let ((file (expand-file-name name round-dir)))
    (with-temp-file file (insert text))
    file))

(defvar round-dir (make-temp-file "arbitre-emacs" t))

(defun round ()
  ;; An illegal record: the first illegal action, at its token.
  (round-open (expand-file-name "samples/simpei/illegal-occupied.arb" round-root))
  (goto-char (point-min))
  (let ((case-fold-search nil)) (search-forward "C3"))
  (let* ((end (point)) (beg (- end 2))
         (found (round-errors))
         (diag (car found)))
    (round-check (and (= (length found) 1)
                      (= (flymake-diagnostic-beg diag) beg)
                      (= (flymake-diagnostic-end diag) end)
                      (string-match-p "simpei/occupied" (flymake-diagnostic-text diag)))
                 "illegal-occupied.arb: one error, simpei/occupied, over C3"
                 (mapcar (lambda (d) (list (flymake-diagnostic-beg d) (flymake-diagnostic-end d)
                                           (flymake-diagnostic-text d)))
                         found))
    ;; Hover on the action.
    (goto-char (1+ beg))
    (let* ((hover (round-request :textDocument/hover (eglot--TextDocumentPositionParams)))
           (contents (plist-get hover :contents)))
      (round-check (and (equal (plist-get contents :kind) "markdown")
                        (not (string-empty-p (string-trim (or (plist-get contents :value) "")))))
                   "hover on C3: markdown" hover))
    ;; Code actions: explain the rule.
    (let ((titles (mapcar (lambda (a) (plist-get a :title)) (eglot-code-actions beg end nil nil))))
      (round-check (cl-some (lambda (title) (string-match-p "explain" title)) titles)
                   "eglot-code-actions at C3: one explains the rule" titles))
    ;; Typing: the diagnostics follow.
    (let ((before round-published))
      (goto-char beg)
      (delete-region beg end)
      (insert "d4")
      ;; eglot sends changes when Emacs is idle, which batch mode never is.
      (eglot--signal-textDocument/didChange)
      (round-wait-published before)
      (round-check (null (round-errors)) "C3 typed over with d4: no error left"
                   (mapcar #'flymake-diagnostic-text (round-errors)))))
  (set-buffer-modified-p nil)

  ;; A legal record: no error.
  (round-open (expand-file-name "samples/simpei/five-turn-win.arb" round-root))
  (round-check (null (round-errors)) "five-turn-win.arb: no error"
               (mapcar #'flymake-diagnostic-text (round-errors)))

  ;; Completion, through eglot's completion table.
  (round-open (round-scratch "simpei.arb" "---\ngame: simpei\n---\n1. e3 "))
  (goto-char (point-max))
  (let* ((capf (eglot-completion-at-point))
         (candidates (and capf (all-completions "" (nth 2 capf)))))
    (round-check (member "c3" (mapcar #'downcase candidates))
                 "completion after `1. e3 `: Blue's placement c3 offered" candidates)
    (round-check (not (member "e3" (mapcar #'downcase candidates)))
                 "completion after `1. e3 `: e3 (occupied) not offered" candidates))

  ;; Formatting: the buffer then holds what `arbitre fmt' writes.
  (let ((messy "---\ngame: simpei\n---\n1.   E3    c3\n2. a3 c3>g7\n  d4 { kept }\n"))
    (round-open (round-scratch "messy.arb" messy))
    (eglot-format-buffer)
    (let ((expected (with-temp-buffer
                      (insert messy)
                      (and (eq 0 (call-process-region (point-min) (point-max) round-bin t t nil "fmt" "-"))
                           (buffer-string)))))
      (round-check (equal (buffer-string) expected)
                   "eglot-format-buffer: the buffer holds what `arbitre fmt' writes"
                   (list (buffer-string) expected))))

  ;; Symbols: one per record.
  (round-open (expand-file-name "samples/simpei/two-games.arb" round-root))
  (let* ((symbols (round-request :textDocument/documentSymbol
                                 (list :textDocument (eglot--TextDocumentIdentifier))))
         (names (mapcar (lambda (s) (downcase (plist-get s :name))) symbols)))
    (round-check (and (= (length names) 2)
                      (string-match-p "simpei" (nth 0 names))
                      (string-match-p "puluc" (nth 1 names)))
                 "documentSymbol on two-games.arb: two records, simpei then puluc" names))

  ;; Leaving.
  (let* ((server (eglot-current-server))
         (process (jsonrpc--process server)))
    ;; What eglot-shutdown sends; eglot 1.9 then kills the process at
    ;; once, so they are sent here and the exit waited for.
    (jsonrpc-request server :shutdown nil :timeout round-timeout)
    (jsonrpc-notify server :exit nil)
    (round-wait (lambda () (not (process-live-p process))) "server exit")
    (round-check (eq (process-exit-status process) 0)
                 "shutdown, exit: the server exits with status 0"
                 (process-exit-status process))))

(condition-case err
    (round)
  (error (push (error-message-string err) round-failures)
         (round-say (concat "FAIL " (error-message-string err)))))
(delete-directory round-dir t)
(if round-failures
    (progn (round-say (format "%d failure(s) talking to %s lsp" (length round-failures) round-bin))
           (kill-emacs 1))
  (round-say (format "emacs %s, eglot: every answer of %s lsp as expected" emacs-version round-bin))
  (kill-emacs 0))

;;; round.el ends here
