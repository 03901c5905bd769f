"""The API's JSON parser: DRF's, refusing two kinds of body that it let through to a 500."""

from __future__ import annotations

import json
import sys

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    """DRF's JSONParser, plus three refusals (400, ParseError, "JSON parse error - ..."):

    - arrays or objects nested deeper than Python's JSON decoder can follow (it raises RecursionError, not the
      ValueError DRF catches);
    - a lone surrogate escape such as "\\ud800": valid JSON syntax but no character, so no UTF-8 answer that
      echoes it and no database text can hold it (the answer's rendering failed with UnicodeEncodeError);
    - an integer longer than Python reads, with the limit named instead of Python's advice to programmers.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
            # Cheap for API bodies (C code): the only way to find a lone surrogate anywhere in the data.
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except ParseError as exc:
            # Python refuses to read integers of more than sys.get_int_max_str_digits() digits and says so in
            # its own words ("use sys.set_int_max_str_digits()"); give the client the rule and the number.
            if "Exceeds the limit" in str(exc.detail):
                raise ParseError(
                    _("JSON parse error - a number has more than %(digits)s digits.")
                    % {"digits": sys.get_int_max_str_digits()}
                ) from exc
            raise
        except RecursionError as exc:
            raise ParseError(_("JSON parse error - arrays and objects are nested too deeply.")) from exc
        except UnicodeEncodeError as exc:
            code = f"U+{ord(exc.object[exc.start]):04X}"
            raise ParseError(
                _("JSON parse error - %(code)s is a lone surrogate, not a character; strings must be valid Unicode.")
                % {"code": code}
            ) from exc
        return data
