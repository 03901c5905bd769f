"""Decoding the QR codes a page or PDF prints, as a phone's camera would read them (zxing-cpp)."""

from __future__ import annotations

import io

import pypdfium2
import zxingcpp
from PIL import Image


def pdf_qr_codes(pdf: bytes, *, scale: float = 3.0) -> list[str]:
    """The text of every QR code on every page of `pdf`, page by page (rendered at `scale` × 72 dpi)."""
    document = pypdfium2.PdfDocument(pdf)
    found: list[str] = []
    try:
        for page in document:
            image = page.render(scale=scale).to_pil()
            found += image_qr_codes(image)
    finally:
        document.close()
    return found


def image_qr_codes(image: Image.Image) -> list[str]:
    return [code.text for code in zxingcpp.read_barcodes(image) if code.format == zxingcpp.BarcodeFormat.QRCode]


def screenshot_qr_codes(png: bytes) -> list[str]:
    return image_qr_codes(Image.open(io.BytesIO(png)))
