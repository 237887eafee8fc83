;;; arbitre.el --- arbitre records (.arb), with `arbitre lsp' through eglot  -*- lexical-binding: t; -*-

;; Emacs 29 or later (eglot built in), or Emacs 26.1 or later with eglot
;; from GNU ELPA.  Put this file on `load-path', then in your init file:
;;
;;   (require 'arbitre)
;;
;; A record opens in `arbitre-mode', and eglot starts `arbitre lsp' for
;; it: diagnostics through Flymake, completion (C-M-i), hover (ElDoc),
;; `eglot-format-buffer', `eglot-code-actions' and imenu for the records.
;; docs/editors.md tells the rest.

;;; Code:

(require 'eglot)

(defgroup arbitre nil
  "Records of Superpion, Simpei and Puluc."
  :group 'languages)

(defcustom arbitre-program "arbitre"
  "The arbitre binary, started as PROGRAM lsp."
  :type 'string
  :group 'arbitre)

(defvar arbitre-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; `;' to the end of the line, and `{ }', which does not nest.
    (modify-syntax-entry ?\; "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?{ "<b" table)
    (modify-syntax-entry ?} ">b" table)
    ;; A move is one word: e3-e5, f12xh14, c3>g7, 3:e-7.
    (dolist (c '(?- ?> ?: ?. ?=))
      (modify-syntax-entry c "_" table))
    (modify-syntax-entry ?! "." table)
    (modify-syntax-entry ?? "." table)
    table)
  "Syntax table of `arbitre-mode'.")

(defvar arbitre-font-lock-keywords
  '(;; A delimiter line, perhaps with a YAML comment after it.
    ("^\ufeff*\\(---\\)\\(?:[ \t]+\\(#.*\\)?\\)?\r*$"
     (1 font-lock-keyword-face) (2 font-lock-comment-face t t))
    ;; The header's keys and YAML comments.
    ("^[ \t]*\\([A-Za-z][A-Za-z0-9_-]*\\):\\(?:[ \t]\\|$\\)" 1 font-lock-variable-name-face)
    ("\\(?:^\\|[ \t]\\)\\(#.*\\)$" 1 font-lock-comment-face)
    ;; Move numbers (12. 12...) and Superpion's turn heads (12.B, B).
    ("\\_<\\([0-9]+\\.\\(?:\\.\\.\\)?\\)\\([BRYKbryk]\\_>\\)?"
     (1 font-lock-constant-face) (2 font-lock-type-face nil t))
    ("\\_<[BRYKbryk]\\_>" . font-lock-type-face)
    ;; Glyphs ending an action: ! ? !! ?? !? ?!
    ("[^[:space:]!?]\\([!?]\\{1,2\\}\\)\\(?:[[:space:]{};]\\|$\\)" 1 font-lock-warning-face))
  "Highlighting of `arbitre-mode'; the rules come from the server.")

;;;###autoload
(define-derived-mode arbitre-mode prog-mode "arbitre"
  "Major mode for arbitre records: Superpion, Simpei and Puluc."
  (setq-local comment-start "; ")
  (setq-local comment-start-skip ";+[ \t]*")
  (setq-local comment-end "")
  (setq-local font-lock-defaults '(arbitre-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.arb\\'" . arbitre-mode))

(defun arbitre--server (&optional _interactive)
  "How eglot starts the server: `arbitre-program' lsp."
  (list arbitre-program "lsp"))

;; eglot names the language after the mode: languageId "arbitre".
(add-to-list 'eglot-server-programs '(arbitre-mode . arbitre--server))
(add-hook 'arbitre-mode-hook #'eglot-ensure)

(provide 'arbitre)
;;; arbitre.el ends here
