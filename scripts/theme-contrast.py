#!/usr/bin/env python3
"""The colours of Galley's popular highlight themes (Sources/Highlight/Themes*.swift), worked out from the
published palettes: each role colour that misses WCAG AA (4.5:1) on the block, the highlighted line or a diff
line is moved in HLS lightness only, in small steps, until it passes. Prints the Swift `Palette` literals with
a comment naming what was adjusted; a summary goes to stderr. Usage: scripts/theme-contrast.py [githubLight …]
"""
import colorsys, sys
def hx(c): c=c.lstrip('#'); return tuple(int(c[i:i+2],16)/255 for i in (0,2,4))
def tohex(t): return '#%02x%02x%02x' % tuple(max(0,min(255,round(v*255))) for v in t)
def lum(c):
    def ch(v): return v/12.92 if v<=0.03928 else ((v+0.055)/1.055)**2.4
    r,g,b=hx(c); return .2126*ch(r)+.7152*ch(g)+.0722*ch(b)
def ratio(a,b):
    la,lb=lum(a),lum(b); return (max(la,lb)+.05)/(min(la,lb)+.05)
def blend(bg,c,a):
    b,t=hx(bg),hx(c); return tohex(tuple(x*(1-a)+y*a for x,y in zip(b,t)))
def fix(c, backs, dark):
    """Move lightness (HLS) in small steps until the colour reaches 4.5:1 on every background."""
    if min(ratio(c,b) for b in backs)>=4.5: return c
    h,l,s=colorsys.rgb_to_hls(*hx(c))
    while True:
        l = l+0.005 if dark else l-0.005
        n=tohex(colorsys.hls_to_rgb(h,max(0,min(1,l)),s))
        if min(ratio(n,b) for b in backs)>=4.5: return n

ROLES="keyword type constant number function className builtin decorator tag attribute variable string escape regex comment preproc operator heading subheading inserted deleted error".split()
P={}
def theme(name, dark, bg, fg, hll, **r):
    P[name]=dict(dark=dark,bg=bg,fg=fg,hll=hll,**r)

# GitHub (Primer "prettylights" syntax colours)
theme("githubLight",False,"#ffffff","#1f2328","#fff8c5",keyword="#cf222e",type="#0550ae",constant="#0550ae",number="#0550ae",function="#8250df",className="#953800",builtin="#0550ae",decorator="#8250df",tag="#116329",attribute="#0550ae",variable="#953800",string="#0a3069",escape="#116329",regex="#116329",comment="#6e7781",preproc="#cf222e",operator="#cf222e",heading="#0550ae",subheading="#8250df",inserted="#116329",deleted="#82071e",error="#82071e",gibg="#dafbe1",gdbg="#ffebe9")
theme("githubDark",True,"#0d1117","#e6edf3","blend:#d29922:0.15",keyword="#ff7b72",type="#79c0ff",constant="#79c0ff",number="#79c0ff",function="#d2a8ff",className="#ffa657",builtin="#79c0ff",decorator="#d2a8ff",tag="#7ee787",attribute="#79c0ff",variable="#ffa657",string="#a5d6ff",escape="#7ee787",regex="#7ee787",comment="#8b949e",preproc="#ff7b72",operator="#ff7b72",heading="#1f6feb",subheading="#d2a8ff",inserted="#aff5b4",deleted="#ffdcd7",error="#ffa198",gibg="#033a16",gdbg="#67060c")
# Solarized (Ethan Schoonover): base03..base3 and the eight accents
sol=dict(keyword="#859900",type="#b58900",constant="#2aa198",number="#2aa198",function="#268bd2",className="#b58900",builtin="#268bd2",decorator="#cb4b16",tag="#268bd2",attribute="#b58900",variable="#268bd2",string="#2aa198",escape="#dc322f",regex="#dc322f",preproc="#cb4b16",operator="#859900",heading="#268bd2",subheading="#6c71c4",inserted="#859900",deleted="#dc322f",error="#dc322f")
theme("solarizedLight",False,"#fdf6e3","#657b83","#eee8d5",comment="#93a1a1",**sol)
theme("solarizedDark",True,"#002b36","#839496","#073642",comment="#586e75",**sol)
# One (Atom One Light / One Dark)
theme("oneLight",False,"#fafafa","#383a42","#f0f0f1",keyword="#a626a4",type="#c18401",constant="#986801",number="#986801",function="#4078f2",className="#c18401",builtin="#0184bc",decorator="#4078f2",tag="#e45649",attribute="#986801",variable="#e45649",string="#50a14f",escape="#0184bc",regex="#0184bc",comment="#a0a1a7",preproc="#a626a4",operator="#0184bc",heading="#e45649",subheading="#a626a4",inserted="#50a14f",deleted="#e45649",error="#ca1243")
theme("oneDark",True,"#282c34","#abb2bf","#2c313c",keyword="#c678dd",type="#e5c07b",constant="#d19a66",number="#d19a66",function="#61afef",className="#e5c07b",builtin="#56b6c2",decorator="#61afef",tag="#e06c75",attribute="#d19a66",variable="#e06c75",string="#98c379",escape="#56b6c2",regex="#56b6c2",comment="#5c6370",preproc="#c678dd",operator="#56b6c2",heading="#e06c75",subheading="#c678dd",inserted="#98c379",deleted="#e06c75",error="#e06c75")
# Gruvbox (morhetz): bright accents on dark, faded accents on light
theme("gruvboxLight",False,"#fbf1c7","#3c3836","#f2e5bc",keyword="#9d0006",type="#b57614",constant="#8f3f71",number="#8f3f71",function="#79740e",className="#b57614",builtin="#af3a03",decorator="#af3a03",tag="#076678",attribute="#427b58",variable="#076678",string="#79740e",escape="#af3a03",regex="#af3a03",comment="#928374",preproc="#427b58",operator="#3c3836",heading="#b57614",subheading="#076678",inserted="#79740e",deleted="#9d0006",error="#9d0006")
theme("gruvboxDark",True,"#282828","#ebdbb2","#32302f",keyword="#fb4934",type="#fabd2f",constant="#d3869b",number="#d3869b",function="#b8bb26",className="#fabd2f",builtin="#fe8019",decorator="#fe8019",tag="#83a598",attribute="#8ec07c",variable="#83a598",string="#b8bb26",escape="#fe8019",regex="#fe8019",comment="#928374",preproc="#8ec07c",operator="#ebdbb2",heading="#fabd2f",subheading="#83a598",inserted="#b8bb26",deleted="#fb4934",error="#fb4934")
# Tokyo Night (Night and Day)
theme("tokyoNightLight",False,"#e1e2e7","#3760bf","blend:#c4c8da:0.5",keyword="#9854f1",type="#188092",constant="#b15c00",number="#b15c00",function="#2e7de9",className="#188092",builtin="#007197",decorator="#8c6c3e",tag="#f52a65",attribute="#387068",variable=None,string="#587539",escape="#006a83",regex="#2e5857",comment="#848cb5",preproc="#007197",operator="#006a83",heading="#2e7de9",subheading="#9854f1",inserted="#587539",deleted="#f52a65",error="#c64343")
theme("tokyoNightDark",True,"#1a1b26","#c0caf5","#292e42",keyword="#bb9af7",type="#2ac3de",constant="#ff9e64",number="#ff9e64",function="#7aa2f7",className="#2ac3de",builtin="#7dcfff",decorator="#e0af68",tag="#f7768e",attribute="#73daca",variable=None,string="#9ece6a",escape="#89ddff",regex="#b4f9f8",comment="#565f89",preproc="#7dcfff",operator="#89ddff",heading="#7aa2f7",subheading="#bb9af7",inserted="#9ece6a",deleted="#f7768e",error="#db4b4b")
# Catppuccin (Latte and Mocha)
theme("catppuccinLight",False,"#eff1f5","#4c4f69","#e6e9ef",keyword="#8839ef",type="#df8e1d",constant="#fe640b",number="#fe640b",function="#1e66f5",className="#df8e1d",builtin="#d20f39",decorator="#fe640b",tag="#1e66f5",attribute="#df8e1d",variable=None,string="#40a02b",escape="#ea76cb",regex="#ea76cb",comment="#7c7f93",preproc="#ea76cb",operator="#04a5e5",heading="#d20f39",subheading="#fe640b",inserted="#40a02b",deleted="#d20f39",error="#d20f39")
theme("catppuccinDark",True,"#1e1e2e","#cdd6f4","#313244",keyword="#cba6f7",type="#f9e2af",constant="#fab387",number="#fab387",function="#89b4fa",className="#f9e2af",builtin="#f38ba8",decorator="#fab387",tag="#89b4fa",attribute="#f9e2af",variable=None,string="#a6e3a1",escape="#f5c2e7",regex="#f5c2e7",comment="#9399b2",preproc="#f5c2e7",operator="#89dceb",heading="#f38ba8",subheading="#fab387",inserted="#a6e3a1",deleted="#f38ba8",error="#f38ba8")
# Nord (Polar Night, Snow Storm, Frost, Aurora); the light half is ours (Nord has none)
nord=dict(keyword="#81a1c1",type="#8fbcbb",constant="#81a1c1",number="#b48ead",function="#88c0d0",className="#8fbcbb",builtin="#88c0d0",decorator="#d08770",tag="#81a1c1",attribute="#8fbcbb",variable=None,string="#a3be8c",escape="#ebcb8b",regex="#ebcb8b",preproc="#5e81ac",operator="#81a1c1",heading="#88c0d0",subheading="#81a1c1",inserted="#a3be8c",deleted="#bf616a",error="#bf616a")
theme("nordLight",False,"#eceff4","#2e3440","#e5e9f0",comment="#616e88",**nord)
theme("nordDark",True,"#2e3440","#d8dee9","blend:#3b4252:0.6",comment="#616e88",**nord)

out={}
for name,t in P.items():
    d=t['dark']; bg=t['bg']
    hll=t['hll']
    if hll.startswith('blend:'):
        _,c,a=hll.split(':'); hll=blend(bg,'#'+c.lstrip('#'),float(a))
    gibg=t.get('gibg') or blend(bg,t['inserted'],0.12 if d else 0.10)
    gdbg=t.get('gdbg') or blend(bg,t['deleted'],0.12 if d else 0.10)
    backs=[bg,hll,gibg,gdbg]
    res=dict(background=bg,highlightLine=hll,insertedBackground=gibg,deletedBackground=gdbg)
    adj={}
    fg=fix(t['fg'],backs,d)
    if fg!=t['fg']: adj['foreground']=t['fg']
    res['foreground']=fg
    for r in ROLES:
        v=t.get(r)
        if v is None: res[r]=None; continue
        if r=='inserted': bs=[gibg]
        elif r=='deleted': bs=[gdbg]
        else: bs=backs
        n=fix(v,bs,d)
        if n!=v: adj[r]=v
        res[r]=n
    res['_adjusted']=adj; res['_dark']=d
    out[name]=res
    worst=min(ratio(res[r],b) for r in ROLES if res[r] for b in ([gibg] if r=='inserted' else [gdbg] if r=='deleted' else backs))
    print(name, 'adjusted:', {k:(v,res[k]) for k,v in adj.items()}, 'worst %.2f'%worst, file=sys.stderr)

P=out
FIELDS="background foreground highlightLine keyword type constant number function className builtin decorator tag attribute variable string escape regex comment preproc operator heading subheading inserted insertedBackground deleted deletedBackground error".split()
SW={'operator':'op'}
names={'githubLight':'github-light','githubDark':'github-dark','solarizedLight':'solarized-light','solarizedDark':'solarized-dark','oneLight':'one-light','oneDark':'one-dark','gruvboxLight':'gruvbox-light','gruvboxDark':'gruvbox-dark','tokyoNightLight':'tokyo-night-light','tokyoNightDark':'tokyo-night-dark','catppuccinLight':'catppuccin-light','catppuccinDark':'catppuccin-dark','nordLight':'nord-light','nordDark':'nord-dark'}
def emit(key):
    t=P[key]; adj=t['_adjusted']
    groups={}
    for role,orig in adj.items(): groups.setdefault((orig,t[role]),[]).append(role)
    out=[]
    if groups:
        parts=["%s → %s (%s)"%(o,n,", ".join(r)) for (o,n),r in groups.items()]
        verb="Lightened" if t['_dark'] else "Darkened"
        words=(verb+" until 4.5:1 on every background they sit on (published → used): " + "; ".join(parts) + ".").split()
        line="    ///"
        for w in words:
            if len(line)+len(w)+1>118: out.append(line); line="    ///"
            line+=" "+w
        out.append(line)
    out.append("    static let %s = Palette(" % key)
    items=[]
    for f in FIELDS:
        v=t[f]
        if v is None: continue
        items.append('%s: "%s"'%(SW.get(f,f),v))
    # wrap
    line="       "; lines=[]
    for it in items:
        if len(line)+len(it)+2>120: lines.append(line.rstrip()); line="       "
        line+=" "+it+","
    lines.append(line.rstrip().rstrip(','))
    out+=lines
    out.append('    ).theme("%s")'%names[key])
    return "\n".join(out)
for k in (sys.argv[1:] or list(P)): print(emit(k)); print()
