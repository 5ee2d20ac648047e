"""A fresh install with no knowledge loaded yet still answers searches."""

import pytest

from knowledge.selectors import entry_search, knowledge_version


@pytest.mark.django_db
def test_an_empty_knowledge_base_searches_to_nothing_instead_of_failing():
    assert entry_search(query="自由") == []
    assert entry_search(query="自", category="values") == []
    assert knowledge_version() == 0
