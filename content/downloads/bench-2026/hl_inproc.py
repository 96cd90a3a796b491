import sys, time
from pygments import highlight
from pygments.lexers import SwiftLexer
from pygments.formatters import HtmlFormatter
src = open(sys.argv[1]).read()
t = time.perf_counter(); highlight(src, SwiftLexer(), HtmlFormatter()); dt = time.perf_counter() - t
print(f"{len(src.encode())/1e6/dt:.3f} MB/s in-process ({dt:.3f} s)")
