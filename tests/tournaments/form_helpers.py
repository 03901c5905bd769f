"""Read a rendered form back as the browser would submit it, to test that settings pages round-trip."""

from __future__ import annotations

from html.parser import HTMLParser


class _FormReader(HTMLParser):
    def __init__(self, form_class: str | None):
        super().__init__()
        self.form_class = form_class
        self.inside = False
        self.data: list[tuple[str, str]] = []
        self.inputs: dict[str, dict] = {}
        self._select: str | None = None
        self._select_first: str | None = None
        self._select_chosen = False
        self._option: dict | None = None
        self._textarea: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = self.form_class is None or self.form_class in (attrs.get("class") or "").split()
            return
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            self.inputs[name] = attrs
            kind = attrs.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    self.data.append((name, attrs.get("value", "on")))
            elif kind not in ("submit", "button") and "disabled" not in attrs:
                self.data.append((name, attrs.get("value") or ""))
        elif tag == "select" and name and "disabled" not in attrs:
            self._select, self._select_first, self._select_chosen = name, None, False
        elif tag == "option" and self._select:
            value = attrs.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in attrs:
                self.data.append((self._select, value))
                self._select_chosen = True
        elif tag == "textarea" and name and "disabled" not in attrs:
            self._textarea, self._text = name, ""

    def handle_data(self, data):
        if self._textarea:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self._select:
            if not self._select_chosen and self._select_first is not None:
                self.data.append((self._select, self._select_first))
            self._select = None
        elif tag == "textarea" and self._textarea:
            self.data.append((self._textarea, self._text.lstrip("\n")))
            self._textarea = None


def read_form(html: str, form_class: str | None = None) -> tuple[dict[str, list[str]], dict[str, dict]]:
    """The values a browser would post from the (first matching) form, and each input's attributes."""
    reader = _FormReader(form_class)
    reader.feed(html)
    values: dict[str, list[str]] = {}
    for name, value in reader.data:
        values.setdefault(name, []).append(value)
    return values, reader.inputs
