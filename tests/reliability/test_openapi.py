"""The OpenAPI document matches what the server sends: real responses validate against it
(a recall item without a time included), what it allows the server accepts, and the error
statuses it names are the ones sent (400, never FastAPI's default 422)."""

from __future__ import annotations

from typing import Any

import jsonschema

from sample_dialogue import SESSION_1
from serving_helpers import Served


def check(doc: dict[str, Any], name: str, instance: Any) -> None:
    jsonschema.validate(instance, {"$ref": f"#/components/schemas/{name}", "components": doc["components"]})


def test_responses_validate_against_the_openapi_document(served: Served) -> None:
    with served.client(served.alice) as client:
        doc = client.get("/openapi.json").json()
        added = client.post("/v1/memories", json={"messages": SESSION_1, "session_id": "s1",
                                                   "session_time": "2023-05-08T13:56:00"})
        assert added.status_code == 201
        check(doc, "AddOut", added.json())
        untimed = client.post("/v1/memories", json={"messages": "I like green tea.", "session_id": "s2"})
        assert untimed.status_code == 201
        recalled = client.post("/v1/recall", json={"query": "What does alice like to drink?"})
        assert recalled.status_code == 200
        items = recalled.json()["items"]
        assert any("time" not in i for i in items), "no recall item without a time: the case was not exercised"
        check(doc, "EvidenceOut", recalled.json())
        bad = client.post("/v1/recall", json={"query": "x", "k": -1})
        assert bad.status_code == 400
        check(doc, "ErrorOut", bad.json())


def test_the_document_names_the_statuses_sent_and_refuses_what_the_server_refuses(served: Served) -> None:
    with served.client(served.alice) as client:
        doc = client.get("/openapi.json").json()
        statuses = {code for path in doc["paths"].values() for op in path.values() for code in op.get("responses", {})}
        assert "422" not in statuses and "400" in statuses
        scope = doc["components"]["schemas"]["AddIn"]["properties"]["agent_id"]
        assert {"type": "string", "minLength": 1} in scope["anyOf"]  # an empty agent_id is refused, and documented so
        response = client.post("/v1/memories", json={"messages": "hi", "agent_id": ""})
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_input"
