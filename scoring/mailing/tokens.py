"""The unsubscribe link's token: the player's id, signed with the site's secret (no expiry: a mail from
last year still unsubscribes). A changed token fails the signature and unsubscribes nobody."""

from __future__ import annotations

from django.core import signing

SALT = "atout.results-mail.unsubscribe"


def unsubscribe_token(player_id: int) -> str:
    return signing.Signer(salt=SALT).sign_object({"p": player_id})


def unsubscribe_player_id(token: str) -> int | None:
    """The player id the token was made for, or None for a token that is not ours or was changed."""
    try:
        data = signing.Signer(salt=SALT).unsign_object(token)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    player_id = data.get("p") if isinstance(data, dict) else None
    return player_id if isinstance(player_id, int) else None
