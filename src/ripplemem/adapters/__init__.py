"""Adapters for agent frameworks (optional extras: ``pip install 'ripplemem[adapters]'``).

- :mod:`ripplemem.adapters.langgraph`: LangGraph's long-term store (``BaseStore``).
"""
