"""The input formats the product reads: LoCoMo, LongMemEval, BEAM, JSONL turns (and exports)."""

from .beam import BeamChat, beam_chats, load_beam
from .files import ConversationInput, SessionInput, read_conversations, read_jsonl_records
from .locomo import load_locomo, normalise_evidence
from .longmemeval import load_longmemeval
from .records import Conversation, DialogueTurn, Question, Session, session_messages

__all__ = [
    "BeamChat",
    "Conversation",
    "ConversationInput",
    "DialogueTurn",
    "Question",
    "Session",
    "SessionInput",
    "beam_chats",
    "load_beam",
    "load_locomo",
    "load_longmemeval",
    "normalise_evidence",
    "read_conversations",
    "read_jsonl_records",
    "session_messages",
]
