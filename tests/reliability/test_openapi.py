"""The OpenAPI document matches what the server sends: real responses validate against it
(a recall item without a time included), what it allows the server accepts, and the error
statuses it names are the ones sent (400, never FastAPI's default 422)."""

from __future__ import annotations

from typing import Any

import jsonschema

from ripplemem.interfaces.schemas import NON_BLANK
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
        # an empty or blank agent_id is refused, and documented so
        assert {"type": "string", "minLength": 1, "pattern": NON_BLANK} in scope["anyOf"]
        for blank in ("", " \t"):
            response = client.post("/v1/memories", json={"messages": "hi", "agent_id": blank})
            assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_input"


def test_the_rules_schemathesis_found_missing_are_in_the_document(served: Served) -> None:
    """Each was a request the document allowed and the server refused, or the reverse."""
    with served.client(served.alice) as client, served.admin() as admin:
        doc = client.get("/openapi.json").json()
        schemas = doc["components"]["schemas"]
        listing = {p["name"]: p for p in doc["paths"]["/v1/memories"]["get"]["parameters"]}
        assert listing["filters"]["content"] == {"application/json": {"schema": {"$ref": "#/components/schemas/FiltersIn"}}}
        assert listing["offset"]["schema"]["maximum"] == 2**63 - 1
        assert listing["agent_id"]["schema"]["anyOf"][0]["pattern"] == NON_BLANK
        assert "anyOf" in schemas["UpdateIn"] and "allOf" in schemas["TurnIn"]
        assert schemas["RecallIn"]["properties"]["query"]["pattern"] == NON_BLANK
        refused = [
            client.get("/v1/memories", params={"filters": ""}),
            client.get("/v1/memories", params={"filters": '{"colour": "red"}'}),
            client.get("/v1/memories", params={"offset": 2**63}),
            client.get("/v1/memories", params={"run_id": " "}),
            client.patch("/v1/memories/m1", json={}),  # neither text nor metadata
            client.post("/v1/memories", json={"messages": " "}),
            client.post("/v1/memories", json={"messages": [{"speaker": "a", "text": None, "content": "shadowed"}]}),
            client.post("/v1/recall", json={"query": "\x85"}),
            client.post("/v1/recall", json={"query": "x", "k": "5"}),
            client.post("/v1/recall", json={"query": "x", "trace": 1}),
            admin.post("/v1/reindex", json={"rebuild": 0}),
        ]
        for response in refused:
            assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_input", response.request
        kept = client.post("/v1/memories", json={"messages": [{"speaker": "", "name": "Ana", "content": "Hi there."}]})
        assert kept.status_code == 201, kept.text  # an empty speaker passes to the next name, as documented
