"""Table tokens kept out of the logs: a lost card's link must not be read back from an access or error log.

A table card, a team link, a game link and a venue screen are opened by a token in the path (`/t/<token>/`,
`/p/<token>/`, `/v/<token>/`, `/api/v1/table/<token>/`): whoever has the address has the link's rights.
`TokenMaskFilter` replaces the token of any such address in a log record's message with "…", which LOGGING
(config/settings.py) puts on Django's `django.request` and `django.server` loggers and on the console
handler, and `GunicornLogger` (docker's `--logger-class`) on gunicorn's access and error logs.
"""

from __future__ import annotations

import logging
import re

from gunicorn.glogging import Logger

MASK = "…"

# Tokens are secrets.token_urlsafe(32) or (33): 43 or 44 characters; `t/sw.js` and the like stay readable.
_TOKEN_PATH = re.compile(r"(?P<head>/(?:t|p|v|api/v1/table)/)[A-Za-z0-9_-]{20,}")


def mask_tokens(text: str) -> str:
    """`text` with the token of every table address replaced by "…"."""
    return _TOKEN_PATH.sub(lambda match: match["head"] + MASK, text)


class TokenMaskFilter(logging.Filter):
    """Rewrites the record's message with the tokens masked; lets every record through."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: leave it to the handler to report
            return True
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, ()
        if record.exc_info and not record.exc_text:  # the traceback, formatted here once to be masked
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_tokens(record.exc_text)
        return True


class GunicornLogger(Logger):
    """Gunicorn's logger with the token mask on every handler of its access and error logs."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                if not any(isinstance(f, TokenMaskFilter) for f in handler.filters):
                    handler.addFilter(TokenMaskFilter())
