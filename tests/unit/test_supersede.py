"""Supersede only when the same subject's same slot changes: the rule decider, its labelled
check half, and the LLM decider's parsing and fallbacks against a real scripted server."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graph_helpers import day, unit, vec
from ripplemem.bench.supersede import build_units, evaluate, load_pairs, rule_decider
from ripplemem.config import Settings, WriteSettings
from ripplemem.providers.embed import make_embedder
from ripplemem.providers.llm.openai import OpenAILLM
from ripplemem.types import Candidate, MemoryUnit
from ripplemem.write.update import decide, same_value, supersedes
from ripplemem.write.update_llm import LLMDecider
from scripted_llm import ScriptedLLM

S, U, A = "SUPERSEDE", "UPDATE", "ADD"
LATER = datetime(2026, 5, 2, tzinfo=UTC)  # graph_helpers' units were said on 23 April 2026

# (old memory, new memory, cosine, expected action)
CASES: list[tuple[str, str, float, str]] = [
    # residence
    ("Noor lives in Cairo.", "Noor moved to Alexandria in the spring.", 0.62, S),
    ("The user lives in a dorm at Ohio State.", "The user moved off campus into a flat on High Street.", 0.58, S),
    ("Kenji lives in Nagoya with his wife.", "Kenji and his wife relocated to Fukuoka for his new post.", 0.64, S),
    ("The user lives in Chicago.", "I don't live in Chicago anymore, I'm in Austin now.", 0.71, S),
    ("Sara lives in Quebec City.", "Sara lives in Montreal these days.", 0.77, S),
    ("Sara lives in Quebec City.", "Sara lives in Quebec City, near the old port.", 0.96, U),
    ("Sara lives in Quebec City.", "Sara might move to Montreal next year.", 0.74, A),
    ("Sara lives in Quebec City.", "Sara's brother moved to Montreal.", 0.66, A),
    ("Sara lives in Quebec City.", "Sara is not leaving Quebec City.", 0.81, A),
    # job
    ("Ravi works as an accountant at KPMG.", "Ravi left his job at KPMG last spring.", 0.66, S),
    ("Ravi works as an accountant at KPMG.", "Ravi quit accounting and now works as a baker.", 0.61, S),
    ("The user is a teacher at Lincoln Middle School.", "I stopped working at Lincoln Middle School in June.", 0.69, S),
    ("Mei works for Adobe.", "Mei got a new job at Figma as a product designer.", 0.59, S),
    ("Mei works for Adobe.", "Mei was laid off from her position at Adobe.", 0.7, S),
    ("Mei works for Adobe.", "Mei isn't sure she wants to stay at Adobe.", 0.72, A),
    ("Mei works for Adobe.", "Mei won't quit her job at Adobe.", 0.74, A),
    ("Mei works for Adobe.", "Mei's husband works for Google.", 0.61, A),
    ("Mei works for Adobe.", "Mei had lunch with her Adobe team.", 0.58, A),
    ("Paolo is a chef at a trattoria.", "Paolo is a chef at a trattoria in Turin.", 0.97, U),
    # relationship
    ("Ines is dating a man named Hugo.", "Ines and Hugo broke up last month.", 0.63, S),
    ("Ines is single.", "Ines is seeing someone named Tomas now.", 0.6, S),
    ("Ines is engaged to Hugo.", "Ines and Hugo got married in Lisbon.", 0.7, S),
    ("Ines is married to Hugo.", "Ines and Hugo are getting divorced.", 0.73, A),  # under way, not done
    ("Ines is married to Hugo.", "Ines isn't a fan of Hugo's cooking.", 0.55, A),
    ("Ines is married to Hugo.", "Ines's husband Hugo is a pilot.", 0.69, A),
    # diet
    ("Omar is vegan.", "Omar eats cheese again.", 0.55, S),
    ("Omar is vegetarian.", "Omar no longer eats meat.", 0.71, A),  # same value restated
    ("Omar eats meat.", "Omar went vegetarian after a documentary.", 0.6, S),
    ("Omar is vegetarian.", "Omar doesn't like tofu.", 0.52, A),
    ("Omar is vegetarian.", "Omar is also lactose intolerant.", 0.57, A),
    # pets and things
    ("The user has a dog named Pepper.", "Pepper, the user's dog, died in March.", 0.62, A),  # no owner named first
    ("The user has a dog named Pepper.", "The user's dog Pepper passed away in March.", 0.7, S),
    ("The user has a dog named Pepper.", "The user adopted a second dog named Salt.", 0.68, A),
    ("Lena owns a Vespa.", "Lena sold the Vespa to her cousin.", 0.72, S),
    ("Lena owns a Vespa.", "Lena hasn't sold the Vespa yet.", 0.78, A),
    ("The user drives a Subaru Outback.", "The user bought a new car, a Volvo XC40.", 0.57, S),
    ("The user drives a Subaru Outback.", "The user washed the Outback on Sunday.", 0.6, A),
    ("The user's phone is a Galaxy S21.", "The user replaced the phone with an iPhone 15.", 0.64, S),
    # plans and dates
    ("The user's flight to Lima is on 12 May.", "The user moved the flight to Lima to 19 May.", 0.83, S),
    ("Ana's recital is on Friday.", "Ana's recital was postponed to next Friday.", 0.8, S),
    ("The user plans to visit Iceland in August.", "The user cancelled the trip to Iceland.", 0.74, S),
    ("The user plans to visit Iceland in August.", "The user booked a hotel in Reykjavik for August.", 0.69, A),
    ("The user plans to visit Iceland in August.", "The user might go to Norway instead of Iceland.", 0.72, A),
    # preferences, habits
    ("Yuki's favourite band is Radiohead.", "Yuki's favourite band these days is Phoenix.", 0.78, S),
    ("Yuki's favourite band is Radiohead.", "Radiohead is still Yuki's favourite band.", 0.88, A),
    ("Yuki's favourite band is Radiohead.", "Yuki's favourite film is Spirited Away.", 0.6, A),
    ("The user swims every morning.", "The user stopped swimming because of an ear infection.", 0.66, S),
    ("The user swims every morning.", "The user swam two kilometres this morning.", 0.72, A),
    ("The user drinks black coffee.", "The user drinks matcha now instead of coffee.", 0.61, S),
    ("The user drinks black coffee.", "The user tried matcha instead of coffee once.", 0.62, A),
    ("Dev smokes a pack a day.", "Dev quit smoking in January.", 0.7, S),
    ("Dev quit smoking in January.", "Dev no longer smokes since January.", 0.82, A),
    ("The user plays tennis on Sundays.", "The user plays tennis on Saturdays now instead of Sundays.", 0.9, S),
    ("The user plays tennis on Sundays.", "The user also plays squash on Tuesdays.", 0.64, A),
    # school
    ("Tariq studies law at Leiden University.", "Tariq transferred to Utrecht University.", 0.71, S),
    ("Tariq is in his first year of law school.", "Tariq is now in his second year of law school.", 0.9, S),
    # counts, records, durations
    ("The user has 40 houseplants.", "The user has 46 houseplants now.", 0.93, S),
    ("The user's best marathon time is 3 hours 50 minutes.", "The user set a new marathon personal best of 3 hours 41 minutes.", 0.8, S),
    ("The user has been learning Korean for 2 months.", "The user has been learning Korean for 5 months now.", 0.95, S),
    ("The user has read 12 books this year.", "The user has read 15 books so far this year.", 0.94, S),
    ("The user has 40 houseplants.", "The user watered the 40 houseplants.", 0.8, A),
    # the false supersessions of LoCoMo conversation 26 and LongMemEval haystacks, in their style
    ("Caroline's kind words mean a lot. Pottery is a huge part of Melanie's life, not just a hobby.",
     "Melanie has always felt a strong connection to art. It's both a sanctuary and a source of comfort.", 0.8, A),
    ("Taking care of Caroline and others is so important - even if it's not always easy.",
     "Caroline said: Taking time for Melanie is so important. Melanie is doing an awesome job.", 0.81, A),
    ("The assistant said: if the user lives in a dry climate, consider a humidifier.",
     "The assistant said: be careful not to over-humidify, as that can cause root rot.", 0.81, A),
    ("The user never would have expected that a psychology degree helps in HR.",
     "The user still doesn't understand why a psychology graduate would work in HR.", 0.8, A),
    # scope and wording that must not close a memory
    ("The user has a cat named Luna.", "The user lost the cat toy under the sofa.", 0.58, A),
    ("The user drinks coffee every morning.", "The user has herbal tea instead of coffee in the afternoons.", 0.66, A),
    ("The user drinks coffee in the afternoons.", "The user has herbal tea instead of coffee in the afternoons.", 0.8, S),
    ("Caroline works as a nurse.", "Caroline works as a nurse and as a tutor on weekends.", 0.85, A),
    ("The user has 800 followers on Instagram.", "The user has gained 5 new followers in the past 3 days.", 0.7, A),
    ("Gina runs an online clothing store.", "Keep Gina posted on the dance studio progress.", 0.5, A),
    ("Tim is giving up coffee.", "Tim is not giving up though!", 0.6, A),
    ("Since the user upgraded the RAM from 8GB to 16GB, the user wants a faster SSD.",
     "The user has upgraded their RAM from 8GB to 16GB and wonders about battery life.", 0.7, A),
    ("The user's laptop has 8GB of RAM.", "The user upgraded the laptop's RAM from 8GB to 16GB.", 0.75, S),
    # memories in the extractor's style: several sentences and speakers
    ("Melanie said: Caroline is so brave. Caroline works as a nurse at St. Luke's.",
     "Caroline said: Caroline quit the nursing job at St. Luke's in March. Melanie said: Wow, big change!", 0.63, S),
    ("Jon said: the studio is doing fine. Jon lives in Brooklyn.",
     "Gina asked: Does Jon still live in Brooklyn? Jon said: Jon is not sure.", 0.7, A),
]


def cand(text: str, said: datetime = LATER) -> Candidate:
    return Candidate(text, ("D9:1",), "s9", mentioned_at=said)


@pytest.mark.parametrize(("old", "new", "cos", "expected"), CASES, ids=[f"{i:02d}" for i in range(len(CASES))])
def test_decide_closes_only_a_changed_slot(old: str, new: str, cos: float, expected: str) -> None:
    stored = unit("m1", old, vec(1, 0.3), valid_from=datetime(2026, 4, 23, tzinfo=UTC))
    d = decide(cand(new), [(stored, cos)], duplicate_cosine=0.95, supersede_cosine=0.8)
    assert d.action == expected, d.reason
    if expected != A:
        assert d.target == "m1"


def test_table_is_large_and_varied() -> None:
    assert len(CASES) >= 60
    assert {e for *_, e in CASES} == {S, U, A}


def test_a_change_at_duplicate_cosine_still_supersedes() -> None:
    old = unit("m1", "The user's highest score in Catan is 11 points.", vec(1))
    d = decide(cand("The user's highest score in Catan is 12 points now."), [(old, 0.98)], duplicate_cosine=0.95)
    assert d.action == S and "11" in d.reason


def test_the_nearest_is_not_always_the_one_closed() -> None:
    other = unit("m0", "Sara's sister lives in Quebec City.", vec(1, 0.1))
    old = unit("m1", "Sara lives in Quebec City.", vec(1, 0.3))
    d = decide(cand("Sara moved to Montreal."), [(other, 0.8), (old, 0.7)], duplicate_cosine=0.95)
    assert (d.action, d.target) == (S, "m1")


def test_an_older_candidate_does_not_close_a_newer_memory() -> None:
    old = unit("m1", "Sara lives in Montreal.", vec(1))
    earlier = cand("Sara lives in Quebec City.", said=datetime(2026, 1, 5, tzinfo=UTC))
    assert decide(earlier, [(old, 0.8)], duplicate_cosine=0.95).action == A


def test_a_change_dated_before_the_stored_memory_does_not_close_it() -> None:
    old = unit("m1", "Sara lives in Montreal.", vec(1))
    c = Candidate("Sara moved to Toronto.", ("D9:1",), "s9", time=day(2025, 3, 1), mentioned_at=LATER)
    assert decide(c, [(old, 0.7)], duplicate_cosine=0.95).action == A


def test_closed_memories_are_not_closed_again() -> None:
    old = unit("m1", "Sara lives in Quebec City.", vec(1), valid_to=datetime(2026, 4, 30, tzinfo=UTC))
    assert decide(cand("Sara moved to Montreal."), [(old, 0.7)], duplicate_cosine=0.95).action == A


def test_values_tolerate_paraphrase() -> None:
    assert same_value("new york city", "nyc")
    assert same_value("boston", "boston, massachusetts")
    assert same_value("software engineer", "software engineer at stripe")
    assert not same_value("junior analyst", "senior analyst")
    assert not same_value("124 points", "132 points")
    assert not same_value("denver", "boulder")


def test_reasons_name_the_slot() -> None:
    assert "residence" in (supersedes("Noor moved to Alexandria.", "Noor lives in Cairo.") or "")
    assert supersedes("Noor is not moving.", "Noor lives in Cairo.") is None


# -- the labelled set --------------------------------------------------------------------------


def test_labelled_set_is_split_by_a_fixed_rule() -> None:
    pairs = load_pairs()
    assert len(pairs) >= 100
    assert len({p.id for p in pairs}) == len(pairs)
    halves = {p.half for p in pairs}
    assert halves == {"dev", "check"}
    assert {p.label for p in pairs} == {"supersede", "duplicate", "compatible", "negation", "unrelated"}
    assert any(p.source.startswith("locomo:") for p in pairs) and any(p.source.startswith("longmemeval:") for p in pairs)


def test_rule_decider_meets_the_targets_on_the_check_half() -> None:
    pairs = load_pairs()
    embedder = make_embedder(Settings())
    units, cands, cos = build_units(pairs, embedder.embed)
    ws = WriteSettings()
    decider = rule_decider(ws.duplicate_cosine, ws.supersede_cosine)
    for pool in (0, 5):
        check = evaluate(pairs, decider, units, cands, cos, pool=pool)["check"]
        assert check.precision >= 0.95, (pool, check.row(), check.errors)
        assert check.recall >= 0.8, (pool, check.row(), check.errors)


# -- the LLM decider against a real scripted server ----------------------------------------------


def llm_decider(server: ScriptedLLM, ask_above: float = 0.0) -> LLMDecider:
    llm = OpenAILLM(base_url=server.url, model="m", timeout=5.0, retries=0)
    return LLMDecider(llm, WriteSettings(), ask_above=ask_above)


def nurse() -> list[tuple[MemoryUnit, float]]:
    return [(unit("m1", "Caroline works as a nurse.", vec(1)), 0.72)]


def test_llm_supersede_names_slot_and_value(scripted_llm: ScriptedLLM) -> None:
    decider = llm_decider(scripted_llm)
    scripted_llm.reply_json({"action": "SUPERSEDE", "target": 1, "slot": "job", "new_value": "ended",
                             "reason": "quit"}, fence=True)
    d = decider(cand("Caroline no longer works as a nurse."), nurse())
    assert (d.action, d.target) == (S, "m1") and "job -> ended" in d.reason
    prompt = scripted_llm.chat_requests[-1]["messages"]
    assert "SAME subject" in prompt[0]["content"] and "1. [" in prompt[-1]["content"]
    assert "Caroline works as a nurse" in prompt[-1]["content"] and "m1" not in prompt[-1]["content"]
    assert decider.failures == 0


def test_llm_bad_json_twice_falls_back_to_the_rule(scripted_llm: ScriptedLLM) -> None:
    decider = llm_decider(scripted_llm)
    scripted_llm.reply("not json at all").reply('{"action": "SUPERSEDE"}')  # the reply, then the repair
    d = decider(cand("Caroline no longer works as a nurse."), nurse())
    assert d.action == S and not d.reason.startswith("llm") and decider.failures == 1
    assert len(scripted_llm.chat_requests) == 2


def test_llm_repair_is_used(scripted_llm: ScriptedLLM) -> None:
    decider = llm_decider(scripted_llm)
    scripted_llm.reply('{"action": "UPDATE", "target": 1}')  # UPDATE without merged: invalid
    scripted_llm.reply_json({"action": "UPDATE", "target": 1, "merged": "Caroline works as a nurse in Ohio."})
    d = decider(cand("Caroline is a nurse in Ohio."), nurse())
    assert (d.action, d.merged) == (U, "Caroline works as a nurse in Ohio.") and decider.failures == 0


def test_llm_target_outside_the_memories_shown_and_server_error_fall_back(scripted_llm: ScriptedLLM) -> None:
    decider = llm_decider(scripted_llm)
    scripted_llm.reply_json({"action": "SUPERSEDE", "target": 2}).reply_json({"action": "SUPERSEDE", "target": 0})
    assert decider(cand("Caroline won't quit nursing."), nurse()).action == A  # one memory shown: only 1 is valid
    assert "target" in scripted_llm.chat_requests[1]["messages"][-1]["content"]  # the repair names the field
    scripted_llm.fail(500)
    assert decider(cand("Caroline won't quit nursing."), nurse()).action == A
    assert decider.failures == 2


@pytest.mark.parametrize(("reply", "why"), [
    ({"action": "SUPERSEDE", "target": 1, "slot": "job", "new_value": "astronaut"}, "does not state its new value"),
    ({"action": "SUPERSEDE", "target": 1, "slot": "job", "new_value": None}, "does not state its new value"),
    ({"action": "SUPERSEDE", "target": 1, "slot": "job", "new_value": "Caroline now works as a teacher"},
     "does not state its new value"),  # the whole memory is no value
    ({"action": "SUPERSEDE", "target": 1, "slot": "", "new_value": "teacher"}, "names no slot"),
    ({"action": "UPDATE", "target": 1, "merged": "Caroline works as a teacher in Ohio since 2019."}, "2019, ohio"),
], ids=["value-not-said", "no-value", "whole-memory", "no-slot", "merged-invents"])
def test_an_llm_decision_the_memories_do_not_ground_is_left_to_the_rule(
    scripted_llm: ScriptedLLM, caplog: pytest.LogCaptureFixture, reply: dict[str, object], why: str
) -> None:
    decider = llm_decider(scripted_llm)
    scripted_llm.reply_json(reply)
    with caplog.at_level("INFO", logger="ripplemem.write.update_llm"):
        d = decider(cand("Caroline now works as a teacher."), nurse())
    assert not d.reason.startswith("llm") and decider.failures == 1
    assert why in caplog.text.lower()


def test_an_llm_supersede_with_its_value_or_an_ended_slot_is_taken(scripted_llm: ScriptedLLM) -> None:
    decider = llm_decider(scripted_llm)
    scripted_llm.reply_json({"action": "SUPERSEDE", "target": 1, "slot": "job", "new_value": "a Teacher."})
    assert decider(cand("Caroline now works as a teacher."), nurse()).action == S
    scripted_llm.reply_json({"action": "SUPERSEDE", "target": 1, "slot": "job", "new_value": "ended"})
    assert decider(cand("Caroline quit nursing."), nurse()).action == S
    assert decider.failures == 0


def test_llm_is_not_asked_far_from_any_memory_nor_allowed_to_close_a_newer_one(scripted_llm: ScriptedLLM) -> None:
    far = llm_decider(scripted_llm, ask_above=0.9)
    assert far(cand("Caroline no longer works as a nurse."), nurse()).action == S
    assert scripted_llm.chat_requests == []
    decider = llm_decider(scripted_llm)
    scripted_llm.reply_json({"action": "SUPERSEDE", "target": 1, "slot": "job", "new_value": "teacher"})
    earlier = cand("Caroline works as a teacher.", said=datetime(2026, 1, 1, tzinfo=UTC))
    assert decider(earlier, nurse()).action == A


def test_bench_scores_the_llm_decider_against_the_scripted_server(scripted_llm: ScriptedLLM) -> None:
    pairs = [p for p in load_pairs() if p.half == "dev"][:12]
    embedder = make_embedder(Settings())
    units, cands, cos = build_units(pairs, embedder.embed)
    for i, p in enumerate(pairs):  # an oracle that answers from the labels; one reply is garbage
        if i == 3:
            scripted_llm.reply("{oops").reply("{still oops")
        elif p.positive:
            scripted_llm.reply_json({"action": "SUPERSEDE", "target": 1, "slot": "x", "new_value": "ended"})
        else:
            scripted_llm.reply_json({"action": "ADD", "target": 1, "reason": "not a change"})
    decider = llm_decider(scripted_llm)
    dev = evaluate(pairs, decider, units, cands, cos)["dev"]
    assert dev.pairs == 12 and decider.failures == 1 and scripted_llm.pending == 0
    assert dev.false_pos == 0 and dev.true_pos >= dev.positives - 1
