"""The coaching agent: a LangGraph ReAct graph over the knowledge base."""
