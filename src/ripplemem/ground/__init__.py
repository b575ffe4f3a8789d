"""Grounding helpers both paths share: pure functions over text (time expressions, words, sentences, names, facts)."""
