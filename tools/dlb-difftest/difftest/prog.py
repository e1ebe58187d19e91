# prog.py: the program as a tree of removable statements (Node), rendered
# to text with the line numbers of every annotated loop. A removal mask
# (set of node ids, ids in pre-order) lets the reducer drop statements and
# whole loops while the braces stay balanced; a plain mask (loop node ids)
# renders those loops without their annotation (the pragma becomes a
# comment, so that every line keeps its number).


class Node:
    """Lines before the children (head), the children, lines after (tail).

    loop: the metadata dict of an annotated loop: its head is the pragma
    (possibly between conditional directives) and the for line;
    removable: whether the reducer may drop this node (with its subtree).
    """
    __slots__ = ("head", "kids", "tail", "removable", "loop", "id")

    def __init__(self, head=(), kids=(), tail=(), removable=True, loop=None):
        self.head = [head] if isinstance(head, str) else list(head)
        self.kids = list(kids)
        self.tail = [tail] if isinstance(tail, str) else list(tail)
        self.removable = removable
        self.loop = loop
        self.id = -1


def stmt(text, removable=True):
    return Node(head=text, removable=removable)


def block(opener, kids, closer="}", removable=True):
    """`opener {` children `}`: opener must end with '{' when closer does."""
    return Node(head=opener, kids=kids, tail=closer, removable=removable)


def group(kids, removable=True):
    """Children without lines of their own (a sequence of statements)."""
    return Node(kids=kids, removable=removable)


def number(nodes):
    """Assigns pre-order ids; returns the list of all nodes by id."""
    out = []

    def walk(n):
        n.id = len(out)
        out.append(n)
        for k in n.kids:
            walk(k)
    for n in nodes:
        walk(n)
    return out


def render(nodes, removed=frozenset(), plain=frozenset()):
    """Returns (text, loops): loops are copies of the loop metadata of the
    nodes kept, with 'line' (the pragma's), 'for_line', 'end_line', 'node'
    (the node id) and 'annotated' (False for a node in plain)."""
    lines = []
    loops = []

    def walk(n, depth):
        if n.id in removed:
            return
        pad = "  " * depth
        start = len(lines) + 1
        # An annotated loop's head: its pragma (maybe between conditional
        # directives), then the for line.
        pk = next((k for k, h in enumerate(n.head)
                   if h.startswith(("#pragma dlb", "#pragma omp"))), 0)
        for k, h in enumerate(n.head):
            if k == pk and n.id in plain and n.loop is not None:
                h = "// annotation removed: " + h
            lines.append(h if h.startswith("#") and depth == 0 else pad + h)
        inner = depth + 1 if n.head else depth
        for k in n.kids:
            walk(k, inner)
        for t in n.tail:
            lines.append(pad + t)
        if n.loop is not None:
            meta = dict(n.loop)
            meta["line"] = start + pk
            meta["for_line"] = start + len(n.head) - 1
            meta["end_line"] = len(lines)
            meta["node"] = n.id
            meta["annotated"] = n.id not in plain
            loops.append(meta)
    for n in nodes:
        walk(n, 0)
    loops.sort(key=lambda m: m["line"])
    return "\n".join(lines) + "\n", loops


def removable_children(node, removed):
    return [k for k in node.kids if k.id not in removed]
