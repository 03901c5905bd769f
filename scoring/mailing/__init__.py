"""The results mail to members who opted in (`Player.results_mail`): `tokens` (the signed unsubscribe
token), `send` (the mails of one `ResultsMailing`, what the task runs). The organiser starts it from the
event page (`scoring.results.mail_views`); the unsubscribe page is public (`scoring.public.unsubscribe`)."""
