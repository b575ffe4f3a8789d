"""The real local embedder and the OpenAI-compatible embedder against a real scripted server."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from ripplemem.config import Settings
from ripplemem.errors import ConfigError, InputError, ProviderError
from ripplemem.providers.embed import Embedder, make_embedder, register_embedder
from ripplemem.providers.embed.local import TOKENIZER_PATH, LocalEmbedder, length_batches, shared_local_embedder
from ripplemem.providers.embed.openai import OpenAIEmbedder
from scripted_llm import ScriptedLLM


@pytest.fixture(scope="module")
def local() -> LocalEmbedder:
    return shared_local_embedder()


def test_local_embedder_shape_and_norm(local: LocalEmbedder) -> None:
    assert isinstance(local, Embedder)
    assert (local.name, local.dim) == ("all-MiniLM-L6-v2-int8", 384)
    vecs = local.embed(["Maya is allergic to seafood.", "", "Harbor Grill is a seafood restaurant."])
    assert vecs.shape == (3, 384) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert local.embed([]).shape == (0, 384)


def test_local_embedder_meaning(local: LocalEmbedder) -> None:
    puppy, dog, stocks = local.embed(["I adopted a puppy", "I got a new dog", "The stock market fell"])
    assert float(puppy @ dog) > float(puppy @ stocks) + 0.3


def test_local_embedder_batching_keeps_order_and_values(local: LocalEmbedder) -> None:
    texts = ["short", "a much longer sentence about a trip to the lake in July " * 3, "mid length text here"]
    together = local.embed(texts)
    alone = np.vstack([local.embed([t]) for t in texts])
    assert np.allclose(together, alone, atol=1e-5)
    small_batches = LocalEmbedder(batch_size=1, threads=1).embed(texts)
    assert np.allclose(together, small_batches, atol=1e-5)


def test_length_batches_group_like_lengths_and_cover_every_index() -> None:
    lengths = [50, 3, 52, 4, 51, 90, 3]
    batches = length_batches(lengths, max_batch=32)
    assert sorted(i for b in batches for i in b) == list(range(len(lengths)))
    assert [sorted(lengths[i] for i in b) for b in batches] == [[3, 3], [4], [50, 51, 52], [90]]
    for batch in batches:  # padding to the longest costs at most 10% more than the real tokens
        assert len(batch) * max(lengths[i] for i in batch) <= 1.1 * sum(lengths[i] for i in batch)
    assert [len(b) for b in length_batches([7] * 10, max_batch=4)] == [4, 4, 2]
    assert length_batches([], max_batch=4) == []


def test_local_embedder_truncates_long_text(local: LocalEmbedder) -> None:
    base = "Caroline went to the support group. " * 40  # well over 256 wordpieces
    assert np.allclose(local.embed([base]), local.embed([base + "Nothing after this matters."]), atol=1e-5)


def test_local_embedder_rejects_a_bare_string(local: LocalEmbedder) -> None:
    with pytest.raises(InputError):
        local.embed("one string")  # type: ignore[arg-type]


def test_local_embedder_checks_the_tokenizer_hash(tmp_path: Path) -> None:
    bad = tmp_path / "minilm-tokenizer.json"
    shutil.copy(TOKENIZER_PATH, bad)
    with bad.open("a") as fh:
        fh.write(" ")
    embedder = LocalEmbedder(tokenizer_path=bad)
    with pytest.raises(ProviderError, match="minilm-tokenizer.json"):
        embedder.embed(["x"])


def test_local_embedder_checks_the_model_hash(tmp_path: Path) -> None:
    fake = tmp_path / "model.onnx"
    fake.write_bytes(b"not a model")
    with pytest.raises(ProviderError, match="model.onnx"):
        LocalEmbedder(model_path=fake).embed(["x"])


def test_make_embedder_local_is_shared(local: LocalEmbedder) -> None:
    assert make_embedder(Settings(embed_cache=0)) is local
    assert make_embedder(Settings()).inner is local  # type: ignore[attr-defined]


def test_make_embedder_unknown_name() -> None:
    with pytest.raises(ConfigError, match="local"):
        make_embedder(Settings(embedder="nope"))


def test_register_embedder_plugin(local: LocalEmbedder) -> None:
    register_embedder("test-plugin", lambda settings: local)
    assert make_embedder(Settings(embedder="test-plugin", embed_cache=0)) is local


def test_openai_embedder_against_server(scripted_llm: ScriptedLLM) -> None:
    settings = Settings(
        embedder="openai",
        embed_base_url=scripted_llm.url,
        embed_model="emb-model",
        embed_api_key="k",
        embed_dim=scripted_llm.embed_dim,
        llm_retries=0,
        embed_cache=0,
    )
    embedder = make_embedder(settings)
    assert isinstance(embedder, OpenAIEmbedder) and embedder.name == "emb-model"
    vecs = embedder.embed(["seafood allergy", "", "seafood allergy"])
    assert vecs.shape == (3, scripted_llm.embed_dim) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert np.allclose(vecs[0], vecs[2])
    (body,) = scripted_llm.embed_requests
    assert body["model"] == "emb-model" and body["input"] == ["seafood allergy", " ", "seafood allergy"]
    assert body["encoding_format"] == "float"
    cached = make_embedder(settings.replace(embed_cache=16))  # a text asked again sends no request
    assert np.allclose(cached.embed(["seafood allergy"]), vecs[0]) and len(scripted_llm.embed_requests) == 2
    assert np.allclose(cached.embed(["seafood allergy", "shellfish"])[0], vecs[0])
    assert scripted_llm.embed_requests[-1]["input"] == ["shellfish"]


def test_openai_embedder_batches(scripted_llm: ScriptedLLM) -> None:
    embedder = OpenAIEmbedder(model="m", dim=scripted_llm.embed_dim, base_url=scripted_llm.url, batch_size=2)
    vecs = embedder.embed(["a", "b", "c", "d", "e"])
    assert vecs.shape == (5, scripted_llm.embed_dim)
    assert [len(b["input"]) for b in scripted_llm.embed_requests] == [2, 2, 1]
    assert np.allclose(vecs[4], embedder.embed(["e"])[0])


def test_openai_embedder_failure_is_a_provider_error(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.embed_fail(500, times=3)
    embedder = OpenAIEmbedder(model="m", dim=scripted_llm.embed_dim, base_url=scripted_llm.url, retries=0)
    with pytest.raises(ProviderError):
        embedder.embed(["x"])


def test_openai_embedder_wrong_width_is_a_provider_error(scripted_llm: ScriptedLLM) -> None:
    embedder = OpenAIEmbedder(model="m", dim=scripted_llm.embed_dim + 1, base_url=scripted_llm.url, retries=0)
    with pytest.raises(ProviderError, match="width"):
        embedder.embed(["x"])


def test_openai_embedder_needs_model_and_dim() -> None:
    with pytest.raises(ConfigError):
        OpenAIEmbedder(model="", dim=8)
    with pytest.raises(ConfigError):
        OpenAIEmbedder(model="m", dim=0)


def test_local_embedder_embeds_a_repeated_text_once_with_the_same_row(local: LocalEmbedder) -> None:
    texts = ["Maya is allergic to seafood.", "Harbor Grill is on the pier.", "Maya is allergic to seafood."]
    rows = local.embed(texts)
    assert rows.shape == (3, local.dim)
    assert np.array_equal(rows[0], rows[2]) and not np.array_equal(rows[0], rows[1])
    assert np.array_equal(rows[1], local.embed([texts[1]])[0])


def test_local_embedder_pickles_without_its_model_and_gives_the_same_rows(local: LocalEmbedder) -> None:
    import pickle

    texts = ["Sam recommended Harbor Grill.", "a much longer text about a trip to Porto with cousin Nina " * 4]
    expected = local.embed(texts)
    payload = pickle.dumps(local)
    assert len(payload) < 10_000  # the weights stay behind: a worker loads its own
    copy = pickle.loads(payload)
    copy.threads = 1  # as a bulk-import worker runs it
    assert np.array_equal(copy.embed(texts), expected)


class _Counting:
    """The real local embedder, counting the texts it is asked to embed."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.name, self.dim, self.max_chars = inner, inner.name, inner.dim, inner.max_chars
        self.asked: list[str] = []

    def embed(self, texts):  # type: ignore[no-untyped-def]
        self.asked.extend(texts)
        return self.inner.embed(texts)


def test_cached_embedder_gives_the_inner_rows_and_embeds_a_text_once(local: LocalEmbedder) -> None:
    from ripplemem.providers.embed.cache import CachedEmbedder

    counting = _Counting(local)
    cached = CachedEmbedder(counting, 3)
    assert (cached.name, cached.dim, cached.max_chars) == (local.name, local.dim, local.max_chars)
    texts = ["Maya is allergic to seafood.", "Harbor Grill is a seafood place.", "Maya is allergic to seafood."]
    first = cached.embed(texts)
    assert np.allclose(first, local.embed(texts), atol=1e-6) and first.dtype == np.float32
    assert counting.asked == texts[:2]  # the repeated text once
    again = cached.embed(["Harbor Grill is a seafood place.", "Sam lives in Lisbon."])
    assert counting.asked == [*texts[:2], "Sam lives in Lisbon."]  # only the new one reached the model
    assert np.allclose(again[0], first[1], atol=1e-6)
    again[0][:] = 0.0  # a caller's change to its rows does not reach the cache
    assert np.allclose(cached.embed(["Harbor Grill is a seafood place."])[0], first[1], atol=1e-6)
    cached.embed(["Ann plays the cello."])  # a fourth text: the least recently used ("Maya ...") goes
    assert len(cached) == 3
    cached.embed(["Maya is allergic to seafood."])
    assert counting.asked[-1] == "Maya is allergic to seafood."
    assert cached.embed([]).shape == (0, 384)
    with pytest.raises(InputError):
        cached.embed("one string")
    with pytest.raises(InputError):
        cached.embed(["fine", 3])  # type: ignore[list-item]


def test_cached_embedder_pickles_without_its_rows(local: LocalEmbedder) -> None:
    import pickle

    from ripplemem.providers.embed.cache import CachedEmbedder

    cached = CachedEmbedder(local, 8)
    row = cached.embed(["Kai uses a wheelchair."])
    copy = pickle.loads(pickle.dumps(cached))
    assert len(copy) == 0 and copy.size == 8
    assert np.allclose(copy.embed(["Kai uses a wheelchair."]), row, atol=1e-6)


def test_make_embedder_caches_unless_the_setting_is_zero() -> None:
    from ripplemem.providers.embed.cache import CachedEmbedder

    on = make_embedder(Settings())
    assert isinstance(on, CachedEmbedder) and on.size == Settings().embed_cache and isinstance(on.inner, LocalEmbedder)
    assert isinstance(make_embedder(Settings(embed_cache=0)), LocalEmbedder)
    with pytest.raises(ConfigError, match="embed_cache"):
        Settings(embed_cache=-1)
