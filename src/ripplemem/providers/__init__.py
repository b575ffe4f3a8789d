"""Embedding and LLM providers: tiny interfaces, built-ins registered like plug-ins."""
