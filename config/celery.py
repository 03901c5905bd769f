"""The Celery app. Settings come from Django's settings under the CELERY_ namespace."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# DjangoTask gives every task delay_on_commit(): tasks go out only after the transaction commits.
app = Celery("atout", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="atout.ping")
def ping() -> str:
    """A task with no side effects: proves that a worker takes tasks from the broker."""
    return "pong"
