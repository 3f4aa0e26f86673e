"""The Arena model and the arena file format (SPEC §4.1)."""

from __future__ import annotations

import importlib
import json

import pytest
from conftest import arenas
from hypothesis import given, settings
from hypothesis import strategies as st

from arena import Arena, ArenaError

ARENA = importlib.import_module("arena.arena")
CONSTRUCTION = importlib.import_module("arena.construction")

GOOD = """\
title: {fr: "Un jeu", en: "A game"}
start: a
S0: [a, c, 3]
S1: [b, d]
V0: [d]
V1: [3]
edges:
  a: [b, d]
  b: [c]
  c: [3]
"""


def _write(tmp_path, text, name="game.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


class TestModel:
    def test_vertices_are_kept_in_order_with_their_owner_and_victory(self):
        g = Arena(S0=["a", "c"], S1=["b"], edges={"a": ["b"]}, V1=["c"], start="a")
        assert g.vertices == ("a", "c", "b")
        assert (g.owner("b"), g.victory("c"), g.victory("a")) == (1, 1, None)
        assert list(g.edges()) == [("a", "b")] and g.n_edges == 1

    def test_arenas_are_immutable_values(self):
        g = Arena(S0=["a"], S1=["b"], edges={"a": ["b"]})
        with pytest.raises(AttributeError):
            g.start = "b"
        assert g == Arena(S0=["a"], S1=["b"], edges={"a": ["b"]}) and hash(g) == hash(g)

    @settings(max_examples=200, deadline=None)
    @given(arenas())
    def test_the_compact_form_names_its_fields_and_agrees_with_the_model(self, g):
        c = g._compact()
        assert c._fields == ("owner", "victory", "succ")
        assert c == (c.owner, c.victory, c.succ)
        vs = g.vertices
        for k, v in enumerate(vs):
            assert c.owner[k] == g.owner(v) and c.victory[k] == g.victory(v)
            assert tuple(vs[j] for j in c.succ[k]) == g.successors(v)

    def test_repr_can_be_pasted_back(self):
        g = Arena(S0=["a"], S1=["b"], edges={"a": ["b"]}, V0=["b"], start="a",
                  title={"en": "t"})
        assert eval(repr(g)) == g

    @pytest.mark.parametrize(("kwargs", "message"), [
        ({"S0": ["a"], "S1": ["a"]}, "key 'S1': vertex 'a': is owned by both players"),
        ({"S0": ["a", "a"], "S1": []}, "key 'S0': vertex 'a': listed twice in S0"),
        ({"S0": ["a"], "S1": [], "edges": {"z": []}}, "key 'edges': vertex 'z': is not in S0"),
        ({"S0": ["a"], "S1": [], "edges": {"a": ["z"]}},
         "key 'edges': vertex 'a': has a successor 'z' that is not in S0 or S1"),
        ({"S0": ["a", "b"], "S1": [], "edges": {"a": ["b", "b"]}},
         "key 'edges': vertex 'a': lists the edge to 'b' twice"),
        ({"S0": ["a"], "S1": [], "V0": ["a"], "V1": ["a"]},
         "key 'V1': vertex 'a': is a victory position of both players"),
        ({"S0": ["a"], "S1": [], "start": "q"}, "key 'start': vertex 'q': is not in S0 or S1"),
    ])
    def test_invalid_arenas_name_key_and_vertex(self, kwargs, message):
        with pytest.raises(ArenaError) as err:
            Arena(**kwargs)
        assert str(err.value).startswith(message)


class TestFiles:
    def test_yaml_file_is_read_with_string_vertices(self, tmp_path):
        g = Arena.from_file(_write(tmp_path, GOOD))
        assert g.vertices == ("a", "c", "3", "b", "d")
        assert g.start == "a" and g.V1 == ("3",) and g.title == {"fr": "Un jeu", "en": "A game"}
        assert g.successors("a") == ("b", "d")

    @pytest.mark.parametrize("suffix", [".yaml", ".json"])
    def test_round_trip_through_a_file(self, tmp_path, suffix):
        g = Arena.from_file(_write(tmp_path, GOOD))
        path = tmp_path / f"copy{suffix}"
        g.to_file(path)
        assert Arena.from_file(path) == g
        assert not list(tmp_path.glob("*.tmp"))

    @settings(max_examples=100, deadline=None)
    @given(arenas())
    def test_random_arenas_round_trip_as_strings(self, g):
        import tempfile
        from pathlib import Path

        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "g.json"
            g.to_file(path)
            back = Arena.from_file(path)
        assert back.vertices == tuple(str(v) for v in g.vertices)
        assert [(str(x), str(y)) for x, y in g.edges()] == list(back.edges())

    @pytest.mark.parametrize(("text", "message"), [
        ("S0: [a]\nS1: [b]\nedges: {a: [z]}\n",
         "key 'edges': vertex 'a': has a successor 'z' that is not in S0 or S1"),
        ("S0: [a]\nS1: [a]\n", "key 'S1': vertex 'a': is owned by both players"),
        ("S0: [a]\nS1: []\n", None),
        ("S0: [a]\nS1: [b]\nV0: [a]\nV1: [a]\n", "key 'V1': vertex 'a': is a victory position"),
        ("S0: [a]\nS1: [b]\nV0: [q]\n", "key 'V0': vertex 'q': is not in S0 or S1"),
        ("S0: [a]\nS1: [b]\nstart: q\n", "key 'start': vertex 'q': is not in S0 or S1"),
        ("S0: [a, b]\nS1: []\nedges: {a: [b, b]}\n", "key 'edges': vertex 'a': lists the edge"),
        ("S0: a\nS1: []\n", "key 'S0': expected a list of vertex names, not str"),
        ("S0: [[a]]\nS1: []\n", "key 'S0': expected a vertex name, not list"),
        ("S0: [a]\nS1: []\nedges: {a: b}\n", "key 'edges': vertex 'a': successors must be a"),
        ("S0: [a]\nS1: []\nedges: [a]\n", "key 'edges': expected a mapping"),
        ("S0: [a]\nS1: []\nplayers: 2\n", "key 'players': unknown key"),
        ("S1: [a]\n", "key 'S0': missing"),
        ("- a\n", "expected a mapping"),
        ("S0: [a\n", "not valid YAML"),
        ("S0: &x [a]\nS1: *x\n", "YAML aliases (*name) are not allowed"),
        ("S0: [a]\nS1: []\ntitle: [a]\n", "key 'title': expected a text or a mapping"),
        ("S0: [a]\nS1: []\ntitle: [[[[[[[[[[a]]]]]]]]]]\n", "nested more than"),
    ])
    def test_bad_files_are_refused_naming_file_key_and_vertex(self, tmp_path, text, message):
        path = _write(tmp_path, text)
        if message is None:
            Arena.from_file(path)  # an arena with no J_1 vertex is allowed
            return
        with pytest.raises(ArenaError) as err:
            Arena.from_file(path)
        assert str(err.value).startswith(f"{path}: ")
        assert message in str(err.value)

    def test_non_utf8_file_is_refused(self, tmp_path):
        path = tmp_path / "latin1.yaml"
        path.write_bytes("S0: [é]\nS1: []\n".encode("latin-1"))
        with pytest.raises(ArenaError, match=r"latin1.yaml: not valid UTF-8 \(byte 5\)"):
            Arena.from_file(path)

    def test_missing_file_is_refused(self, tmp_path):
        with pytest.raises(ArenaError, match="nope.yaml: cannot read the file"):
            Arena.from_file(tmp_path / "nope.yaml")

    def test_bad_json_is_refused_with_its_line(self, tmp_path):
        path = _write(tmp_path, '{"S0": ["a"],\n "S1": [}', "g.json")
        with pytest.raises(ArenaError, match=r"g.json: not valid JSON \(line 2"):
            Arena.from_file(path)

    def test_json_and_yaml_files_with_the_same_keys_give_the_same_arena(self, tmp_path):
        import yaml

        data = yaml.safe_load(GOOD)
        data["S0"] = [str(v) for v in data["S0"]]
        data["V1"] = [str(v) for v in data["V1"]]
        data["edges"]["c"] = ["3"]
        path = _write(tmp_path, json.dumps(data), "g.json")
        assert Arena.from_file(path) == Arena.from_file(_write(tmp_path, GOOD))

    def test_bipartite(self):
        assert Arena(S0=["a"], S1=["b"], edges={"a": ["b"], "b": ["a"]}).is_bipartite()
        assert not Arena(S0=["a"], S1=[], edges={"a": ["a"]}).is_bipartite()


class TestHostileFiles:
    def test_a_huge_file_is_refused_before_parsing_and_the_limit_can_be_raised(
            self, tmp_path, monkeypatch):
        """A file of 2.2 MB, past the limit of 2 MB: 12,000 vertices of 186-character names
        (400,000 short names made the same size, and 20 s of YAML parsing once raised)."""
        path = tmp_path / "huge.yaml"
        path.write_text("S0: [" + ", ".join(f"v{k:05d}" + "x" * 180 for k in range(12_000))
                        + "]\nS1: []\n")
        assert path.stat().st_size > 2_200_000
        with pytest.raises(ArenaError, match=r"more than the limit of 2,000,000 "
                                             r"\(set ARENA_MAX_FILE_BYTES"):
            Arena.from_file(path)
        monkeypatch.setenv("ARENA_MAX_FILE_BYTES", "10000000")
        assert len(Arena.from_file(path)) == 12_000

    @pytest.mark.parametrize(("value", "reason"), [("lots", "'lots' is not an integer"),
                                                   ("0", "0 is less than 1"),
                                                   ("１０", "'１０' is not an integer")])
    def test_a_bad_limit_in_the_environment_is_refused_not_ignored(self, tmp_path,
                                                                   monkeypatch, value, reason):
        path = tmp_path / "small.yaml"
        path.write_text("S0: [a]\nS1: []\n")
        monkeypatch.setenv("ARENA_MAX_FILE_BYTES", value)
        with pytest.raises(ArenaError) as err:
            Arena.from_file(path)
        assert str(err.value) == f"the environment variable ARENA_MAX_FILE_BYTES: {reason}"

    def test_a_billion_laughs_file_is_refused(self, tmp_path):
        lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        for k in range(1, 9):
            lines.append(f"{chr(97 + k)}: &{chr(97 + k)} [*{chr(96 + k)}] ")
        path = tmp_path / "laughs.yaml"
        path.write_text("\n".join(lines) + "\nS0: [a]\nS1: []\n")
        with pytest.raises(ArenaError, match="aliases"):
            Arena.from_file(path)

    def test_html_in_names_and_titles_stays_text_in_drawings(self):
        from arena.render import arena_svg

        g = Arena(S0=["<img src=x onerror=alert(1)>"], S1=["</svg>"],
                  edges={"<img src=x onerror=alert(1)>": ["</svg>"]},
                  title={"en": "<script>alert(1)</script>"})
        svg = arena_svg(g)
        assert "<script>" not in svg and "<img" not in svg and svg.count("</svg>") == 1
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg


class TestConstructors:
    """The three ways to build an arena give the same arena: successor lists of integer
    vertices (translated by numpy at once), successor lists of other vertices (one look-up
    per edge), and :meth:`Arena.from_csr` (arrays)."""

    @staticmethod
    def _csr_of(g):
        rows = [g.successors(v) for v in g.vertices]
        offsets, targets = [0], []
        for row in rows:
            targets += [g.index(y) for y in row]
            offsets.append(len(targets))
        return offsets, targets

    @settings(max_examples=150, deadline=None)
    @given(arenas(), st.sampled_from([0, 10**9]), st.sampled_from([-10**9, 8]))
    def test_list_string_and_csr_constructors_agree(self, g, arrays_from, table_span):
        # arrays_from 0: through numpy's arrays (text vertices numbered by identity, by a
        # table of addresses or, table_span negative, by a binary search among them)
        from unittest.mock import patch

        with patch.object(ARENA, "_ARRAYS_FROM", arrays_from), \
                patch.object(CONSTRUCTION, "_TABLE_SPAN", table_span):
            self._agree(g)

    def _agree(self, ref):
        from arena import solve

        g = Arena(**ref.to_dict())        # built again, through the path under test
        assert g == ref and [ref.successors(v) for v in ref] == [g.successors(v) for v in g]

        name = {v: f"v{v}" for v in g.vertices}
        strings = Arena(S0=[name[v] for v in g.S0], S1=[name[v] for v in g.S1],
                        edges={name[x]: [name[y] for y in g.successors(x)]
                               for x in g.vertices if g.successors(x)},
                        V0=[name[v] for v in g.V0], V1=[name[v] for v in g.V1])
        offsets, targets = self._csr_of(g)
        from_arrays = Arena.from_csr(g.S0, g.S1, offsets, targets,
                                     V0=[g.index(v) for v in g.V0],
                                     V1=[g.index(v) for v in g.V1], start=g.start)
        assert from_arrays == g and hash(from_arrays) == hash(g)
        assert [[g.index(y) for y in g.successors(x)] for x in g.vertices] == \
            [[strings.index(y) for y in strings.successors(name[x])] for x in g.vertices]
        a, b, c, d = solve(g), solve(strings), solve(from_arrays), solve(ref)
        for v in g.vertices:
            assert a.winner[v] == b.winner[name[v]] == c.winner[v] == d.winner[v]
            assert a.rank[v] == b.rank[name[v]] == c.rank[v] == d.rank[v]
            move = a.move[v]
            assert (None if move is None else name[move]) == b.move[name[v]]
            assert c.move[v] == move == d.move[v]

    def test_from_csr_with_numpy_arrays_keeps_successor_order(self):
        np = pytest.importorskip("numpy")
        g = Arena.from_csr(["a", "b"], ["c"], np.array([0, 2, 2, 3]), np.array([2, 1, 0]),
                           V0=np.array([1]), start="a")
        assert g.successors("a") == ("c", "b") and g.successors("c") == ("a",)
        assert g.V0 == ("b",) and g.n_edges == 3 and g.owner("c") == 1

    @pytest.mark.parametrize(("args", "message"), [
        ((["a", "b"], [], [0, 2, 2], [1, 1]),
         "key 'edges': vertex 'a': lists the edge to 'b' twice"),
        ((["a", "b"], [], [0, 1], [1]), "key 'edges': offsets must be"),
        ((["a", "b"], [], [0, 1, 1], [5]), "key 'edges': a target is not a vertex number"),
        ((["a", "b"], [], [0, 2, 1], [1, 0]), "key 'edges': offsets must rise"),
        ((["a", "a"], [], [0, 0, 0], []), "key 'S0': vertex 'a': listed twice in S0"),
    ])
    def test_from_csr_refuses_bad_arrays(self, args, message):
        with pytest.raises(ArenaError) as err:
            Arena.from_csr(*args)
        assert str(err.value).startswith(message)

    def test_from_csr_refuses_bad_victory_numbers(self):
        with pytest.raises(ArenaError, match="key 'V1': vertex 'a': is a victory position of both"):
            Arena.from_csr(["a"], [], [0, 0], [], V0=[0], V1=[0])
        with pytest.raises(ArenaError, match="key 'V0': vertex number 3 is not between 0 and 0"):
            Arena.from_csr(["a"], [], [0, 0], [], V0=[3])

    @pytest.mark.parametrize(("edges", "message"), [
        ({0: [1, 1]}, "key 'edges': vertex '0': lists the edge to '1' twice"),
        ({0: [7]}, "key 'edges': vertex '0': has a successor '7' that is not in S0 or S1"),
        ({9: [1]}, "key 'edges': vertex '9': is not in S0 or S1"),
        ({0: [1, "x"]}, "key 'edges': vertex '0': has a successor 'x' that is not in S0 or S1"),
    ])
    @pytest.mark.parametrize("arrays_from", [0, 10**9])
    def test_integer_vertices_name_the_faulty_edge(self, edges, message, arrays_from):
        from unittest.mock import patch

        with patch.object(ARENA, "_ARRAYS_FROM", arrays_from), \
                pytest.raises(ArenaError) as err:
            Arena(S0=[0, 2], S1=[1], edges=edges)
        assert str(err.value).startswith(message)

    @pytest.mark.parametrize(("edges", "message"), [
        ({"a": ["b", "b"]}, "key 'edges': vertex 'a': lists the edge to 'b' twice"),
        ({"a": ["q"]}, "key 'edges': vertex 'a': has a successor 'q' that is not in S0 or S1"),
        ({"q": ["b"]}, "key 'edges': vertex 'q': is not in S0 or S1"),
        ({"a": "b"}, "key 'edges': vertex 'a': successors must be a list of vertices"),
    ])
    @pytest.mark.parametrize("arrays_from", [0, 10**9])
    def test_text_vertices_name_the_faulty_edge(self, edges, message, arrays_from):
        # the arrays path (every edge looked up by one map) gives way to the general one,
        # which names the fault
        from unittest.mock import patch

        with patch.object(ARENA, "_ARRAYS_FROM", arrays_from), \
                pytest.raises(ArenaError) as err:
            Arena(S0=["a", "c"], S1=["b"], edges=edges)
        assert str(err.value).startswith(message)

    def test_text_vertices_keep_the_order_of_rows_given_out_of_order(self):
        from unittest.mock import patch

        with patch.object(ARENA, "_ARRAYS_FROM", 0):
            g = Arena(S0=["e", "a"], S1=["c"], edges={"c": ["a", "e"], "a": ["c"],
                                                      "e": ["c", "a"]})
        assert [g.successors(v) for v in g.vertices] == [("c", "a"), ("c",), ("a", "e")]

    def test_integer_vertices_keep_the_order_of_rows_given_out_of_order(self):
        g = Arena(S0=[4, 0], S1=[2], edges={2: [0, 4], 0: [2], 4: [2, 0]})
        assert [g.successors(v) for v in g.vertices] == [(2, 0), (2,), (0, 4)]
        assert g == Arena(S0=[4, 0], S1=[2], edges={4: [2, 0], 0: [2], 2: [0, 4]})
