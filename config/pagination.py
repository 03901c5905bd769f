"""The API's list pages: DRF's limit/offset pages with a largest page size."""

from __future__ import annotations

from rest_framework import pagination

MAX_LIMIT = 1000


class LimitOffsetPagination(pagination.LimitOffsetPagination):
    """`?limit=` is cut to MAX_LIMIT rows (DRF's `max_limit`): without a cap, a limit past PostgreSQL's bigint
    range reached the SQL and answered 500. A larger page is not an error; `next` links to the rest. The
    schema states the bounds."""

    max_limit = MAX_LIMIT

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1 if parameter["name"] == self.limit_query_param else 0
            if parameter["name"] == self.limit_query_param:
                parameter["schema"]["maximum"] = self.max_limit
        return parameters
