"""Plain-text and Markdown tables, shared by every command that prints results."""

from __future__ import annotations


def render_table(head: list[str], body: list[list[str]], right=None, markdown=False) -> str:
    """Aligned columns, or a Markdown table; ``right[c]`` right-aligns column
    ``c`` (default: every column but the first, which usually holds names)."""
    right = [c != 0 for c in range(len(head))] if right is None else right
    if markdown:
        lines = ["| " + " | ".join(head) + " |"]
        lines.append("|" + "|".join("---:" if r else "---" for r in right) + "|")
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in body])
    widths = [max(len(r[c]) for r in [head] + body) for c in range(len(head))]

    def line(r):
        return "  ".join(
            r[c].rjust(widths[c]) if right[c] else r[c].ljust(widths[c]) for c in range(len(r))
        ).rstrip()

    return "\n".join([line(head), "  ".join("-" * w for w in widths)] + [line(r) for r in body])
