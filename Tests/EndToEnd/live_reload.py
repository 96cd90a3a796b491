#!/usr/bin/env python3
"""End-to-end test of `galley serve` in a real browser (Debian's chromium, driven by chromedriver
over the WebDriver HTTP protocol, standard library only).

It creates a site with `galley init`, serves it, opens the first post, edits the post's source file
and waits for the new text to appear without any navigation from the test; then breaks the front
matter and expects the error overlay naming file and line, and fixes it and expects the overlay gone.

Usage: live_reload.py PATH-TO-GALLEY   (prints `live-reload: N passed, M failed`; exit 1 on failure)
"""
import json, os, shutil, socket, subprocess, sys, tempfile, time, urllib.request

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def wait_until(predicate, timeout, what):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            last = predicate()
            if last:
                return last
        except Exception as e:   # the page may be mid-reload
            last = e
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout}s waiting for {what} (last: {last!r})")

class WebDriver:
    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": shutil.which("chromium") or "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,900"]}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read() or b"{}").get("value", {}) if method != "POST" or path != "/session" else json.loads(r.read())["value"]

    def go(self, url): self.call("POST", f"/session/{self.session}/url", {"url": url})
    def js(self, script): return self.call("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": []})
    def quit(self):
        try: self.call("DELETE", f"/session/{self.session}")
        except Exception: pass

def main():
    galley = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="galley-e2e-")
    site = os.path.join(work, "site")
    procs = []
    passed, failed = 0, 0
    try:
        subprocess.run([galley, "init", site, "--title", "E2E"], check=True, capture_output=True)
        post = sorted(os.listdir(os.path.join(site, "content/posts")))[0]
        post_path = os.path.join(site, "content/posts", post)
        serve_port, driver_port = free_port(), free_port()
        log = open(os.path.join(work, "serve.log"), "w")
        procs.append(subprocess.Popen([galley, "serve", "--site", site, "--port", str(serve_port)], stdout=log, stderr=log))
        procs.append(subprocess.Popen(["chromedriver", f"--port={driver_port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_until(lambda: urllib.request.urlopen(f"http://127.0.0.1:{serve_port}/", timeout=2).status == 200, 30, "galley serve")
        wait_until(lambda: urllib.request.urlopen(f"http://127.0.0.1:{driver_port}/status", timeout=2).status == 200, 30, "chromedriver")
        browser = WebDriver(driver_port)
        try:
            browser.go(f"http://127.0.0.1:{serve_port}/blog/hello-world/")
            wait_until(lambda: "first post" in browser.js("return document.body.innerText"), 15, "the post to load")
            # Mark this page instance: a live reload replaces it, a test navigation would be needed otherwise.
            browser.js("window.__e2eMarker = 'before-edit'; return true")
            checks = []

            def edit(text):
                tmp = post_path + ".tmp"
                with open(tmp, "w") as f:
                    f.write(text)
                os.replace(tmp, post_path)   # editors save by rename

            original = open(post_path).read()
            # Wait for the live-reload stream to be connected before editing.
            wait_until(lambda: browser.js("return window.__galleyLiveReload === true"), 10, "the live-reload script")
            time.sleep(0.5)
            edit(original + "\nThis sentence was added by the end-to-end test.\n")
            try:
                wait_until(lambda: "added by the end-to-end test" in browser.js("return document.body.innerText"), 15, "the edited text")
                reloaded = browser.js("return window.__e2eMarker === undefined")
                assert reloaded, "the page changed without reloading?"
                checks.append(("edit appears without manual reload", None))
            except AssertionError as e:
                checks.append(("edit appears without manual reload", e))

            edit(original.replace("title:", "title: [broken", 1))
            try:
                text = wait_until(lambda: browser.js("var o = document.getElementById('__galley_error_overlay'); return o ? o.innerText : ''"), 15, "the error overlay")
                assert "hello-world.md:2:" in text, f"overlay lacks file:line: {text!r}"
                assert "hint: " in text, f"overlay lacks the hint the terminal shows: {text!r}"
                checks.append(("error overlay names file and line, with the hint", None))
            except AssertionError as e:
                checks.append(("error overlay names file and line, with the hint", e))

            edit(original + "\nFixed again.\n")
            try:
                wait_until(lambda: "Fixed again." in browser.js("return document.body.innerText")
                           and browser.js("return document.getElementById('__galley_error_overlay') === null"), 15, "the fixed page without overlay")
                checks.append(("overlay goes away when fixed", None))
            except AssertionError as e:
                checks.append(("overlay goes away when fixed", e))
        finally:
            browser.quit()
        for name, error in checks:
            if error is None:
                passed += 1
                print(f"ok   {name}")
            else:
                failed += 1
                print(f"FAIL {name}: {error}")
        if failed:
            print(open(os.path.join(work, "serve.log")).read()[-3000:])
    except Exception as e:
        failed += 1
        print(f"FAIL setup: {e}")
        if os.path.exists(os.path.join(work, "serve.log")):
            print(open(os.path.join(work, "serve.log")).read()[-3000:])
    finally:
        for p in procs:
            p.terminate()
            try: p.wait(timeout=10)
            except subprocess.TimeoutExpired: p.kill()
        shutil.rmtree(work, ignore_errors=True)
    print(f"live-reload: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)

if __name__ == "__main__":
    main()
