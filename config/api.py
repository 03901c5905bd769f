"""The API root: a map of what /api/v1/ offers, for integrators exploring by hand."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView


class ApiRootApi(APIView):
    """Links to the schema and the docs. Permission: anyone (no data)."""

    permission_classes = [AllowAny]

    @extend_schema(exclude=True)
    def get(self, request):
        return Response(
            {
                "name": "Atout API",
                "version": "v1",
                "schema": reverse("api-schema", request=request),
                "docs": reverse("api-docs", request=request),
            }
        )
