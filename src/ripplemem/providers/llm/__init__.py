"""providers/llm."""
