"""Adapters for agent frameworks (optional extras: ``pip install 'ripplemem[adapters]'``).

- :mod:`ripplemem.adapters.langgraph`: LangGraph's long-term store (``BaseStore``).
- :mod:`ripplemem.adapters.openai_tools`: remember / recall / update / forget as tools in the
  OpenAI function-calling format (JSON schema); no extra needed.
"""
