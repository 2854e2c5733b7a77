"""Equality of report lists that says which game differs first."""


def assert_same(got, expected):
    for n, (g, e) in enumerate(zip(got, expected)):
        assert g == e, f"item {n} differs:\n  got      {g}\n  expected {e}"
    assert len(got) == len(expected), f"{len(got)} items, {len(expected)} expected"
