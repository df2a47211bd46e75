"""Loads a `hawser view` page in headless Chromium (Debian's) and checks what it draws.

Usage: view_browser.py PAGE.html RESULT.h5 [--screenshot PNG]

Talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: JSON messages
ended by a NUL byte on file descriptors 3 and 4; no network port, no package beyond the standard
library, h5py, numpy and PIL). Per case of the file (one for a run, each for a sweep, chosen with
the page's case selector), at the first and the last output time, in the elevation preset: the
canvas (what WebGL drew) is read back as a PNG and, for every cable in the result file, the pixels
around its end nodes and its middle node projected with the page's camera differ from the
background, while a point where nothing is drawn shows the background; the two times' pictures
differ; a broken line's free end must be seen moving away (check_break). The page must report
its first frame drawn (polled, up to a generous bound) and no JavaScript error. Prints what failed and exits 1; 0 when all holds.
"""
import base64
import fcntl
import io
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

import h5py
import numpy as np
from PIL import Image

# Polling bound: the page (three.js and the data) loads in about a second; a loaded 2-core
# machine running software WebGL (SwiftShader) may take many times that.
TIMEOUT_S = 90.0
# A pixel "differs from the background" when its channels differ by more than this in sum: the
# line colours and markers differ by hundreds, antialiasing fringes by less.
COLOUR_DIFFERENCE = 60
# Pixels searched around a projected point (half-width): markers are >= 5 px across, a line is
# 1 px wide, and antialiasing moves its centre by up to a pixel.
WINDOW = 3


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="hawser_view_chromium_")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # The child reads commands on fd 3 and writes replies and events on fd 4. The pipes' ends
        # are moved above 4 first, so that placing one does not overwrite the other; dup2 makes
        # 3 and 4 inheritable, and every other descriptor (os.pipe's are not inheritable) closes
        # on exec.
        child_in = fcntl.fcntl(to_child_r, fcntl.F_DUPFD_CLOEXEC, 10)
        child_out = fcntl.fcntl(from_child_w, fcntl.F_DUPFD_CLOEXEC, 10)

        def fds():
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)
        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--remote-debugging-pipe",
             "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-gpu-sandbox",
             "--window-size=960,720", "--no-first-run", "--user-data-dir=" + self.profile,
             "about:blank"],
            preexec_fn=fds, close_fds=False, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        for fd in (to_child_r, from_child_w, child_in, child_out):
            os.close(fd)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def close(self):
        self.proc.kill()
        self.proc.wait()
        os.close(self.to_child)
        os.close(self.from_child)
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_child], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer within %.0f s" % TIMEOUT_S)
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe (exit %s)" % self.proc.poll())
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply["result"]
            self.events.append(reply)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError("%s: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def open(self, url):
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Runtime", "Page", "Log"):
            self.call(domain + ".enable")
        self.call("Page.navigate", {"url": url})

    def errors(self):
        found = []
        for e in self.events:
            method, params = e.get("method"), e.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(params["exceptionDetails"].get("exception", {}).get(
                    "description", params["exceptionDetails"].get("text")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                found.append(" ".join(str(a.get("value")) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                found.append(params["entry"]["text"])
        return found


def wait_drawn(browser):
    """Polls for the page's report that it drew its first frame."""
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        if browser.evaluate("document.body && document.body.getAttribute('data-drawn')") == "1":
            return True
        if browser.evaluate("(window.hawserErrors || []).length"):
            return False
        time.sleep(0.1)
    return False


def canvas(browser):
    url = browser.evaluate("document.querySelector('canvas').toDataURL('image/png')")
    image = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")
    return np.asarray(image).astype(int)


def project(camera, point):
    """Pixel (column, row) of a world point, as WebGL maps it: clip = P V p, then the viewport."""
    view = np.array(camera["view"]).reshape(4, 4).T  # three.js stores column-major.
    projection = np.array(camera["projection"]).reshape(4, 4).T
    clip = projection @ view @ np.append(point, 1.0)
    ndc = clip[:3] / clip[3]
    return ((ndc[0] + 1) / 2 * camera["width"], (1 - ndc[1]) / 2 * camera["height"])


def differs(image, pixel, background):
    c, r = int(round(pixel[0])), int(round(pixel[1]))
    h, w, _ = image.shape
    if not (WINDOW <= c < w - WINDOW and WINDOW <= r < h - WINDOW):
        return None  # Outside the picture.
    patch = image[r - WINDOW:r + WINDOW + 1, c - WINDOW:c + WINDOW + 1]
    return bool((np.abs(patch - background).sum(axis=2) > COLOUR_DIFFERENCE).any())


def check_break(browser, run, name, label, last, failures):
    """A broken line (its group's break_time and break_index): at the first output time after
    the break and at the last (`last`: its time, camera and picture), its free end (of the two
    nodes beside the broken segment, the one that moves more) is drawn where the file puts it
    both times, its two positions are apart on the screen, the earlier position is background in
    the later picture (the end has moved away), and the broken segment's middle is background
    (no line across the break)."""
    time_h5 = run["time"][:]
    s, t_break = int(run[name].attrs["break_index"]), float(run[name].attrs["break_time"])
    after = time_h5[time_h5 >= t_break]
    t_a = browser.evaluate("hawserView.setTime(%r)" % float(after[0]))
    camera_a, image_a = browser.evaluate("hawserView.camera()"), canvas(browser)
    t_b, camera_b, image_b = last
    rows = [int(np.argmin(np.abs(time_h5 - t))) for t in (t_a, t_b)]
    nodes = [run[name]["NodePositions"][r].reshape(-1, 3) for r in rows]
    free = max((s, s + 1), key=lambda k: np.linalg.norm(nodes[1][k] - nodes[0][k]))
    pixel_a, pixel_b = project(camera_a, nodes[0][free]), project(camera_b, nodes[1][free])
    background = image_b[-2, -2]
    if not differs(image_a, pixel_a, background) or not differs(image_b, pixel_b, background):
        failures.append("%s: %s's free end (node %d) is not drawn at t=%g or t=%g" % (
            label, name, free, t_a, t_b))
    # Apart by several marker widths: a moved end, not a wobble of the drawing.
    moved = np.hypot(pixel_b[0] - pixel_a[0], pixel_b[1] - pixel_a[1])
    if moved < 20:
        failures.append("%s: %s's free end moved only %.0f pixels from t=%g to t=%g" % (
            label, name, moved, t_a, t_b))
    if differs(image_b, pixel_a, background):
        failures.append("%s: at t=%g, where %s's free end was at t=%g (pixel %.0f, %.0f) is "
                        "still drawn" % (label, t_b, name, t_a, pixel_a[0], pixel_a[1]))
    gap = project(camera_b, (nodes[1][s] + nodes[1][s + 1]) / 2)
    if differs(image_b, gap, background):
        failures.append("%s: at t=%g, %s's broken segment %d is drawn (pixel %.0f, %.0f)" % (
            label, t_b, name, s, gap[0], gap[1]))
    print("%s: %s broke at t=%g; its free end moved %.0f pixels from t=%g to t=%g" % (
        label, name, t_break, moved, t_a, t_b))


def check_case(browser, run, label, failures):
    time_h5 = run["time"][:]
    cables = [name for name in run if isinstance(run[name], h5py.Group) and
              "NodePositions" in run[name]]
    pictures = []
    shown = browser.evaluate("hawserView.preset('elevation'); hawserView.setTime(-1e300)")
    last = browser.evaluate("hawserView.setTime(1e300)")
    for t in (shown, last):
        t_page = browser.evaluate("hawserView.setTime(%r)" % t)
        row = int(np.argmin(np.abs(time_h5 - t_page)))
        camera = browser.evaluate("hawserView.camera()")
        image = canvas(browser)
        background = image[-2, -2]  # A canvas corner: nothing is drawn there.
        if np.abs(background - [255, 255, 255]).sum() > COLOUR_DIFFERENCE:
            failures.append("%s t=%g: the background is %s, not white" % (label, t_page, background))
        for name in cables:
            nodes = run[name]["NodePositions"][row].reshape(-1, 3)
            checks = {"end A": nodes[0], "end B": nodes[-1], "middle node": nodes[len(nodes) // 2]}
            for what, point in checks.items():
                pixel = project(camera, point)
                result = differs(image, pixel, background)
                if not result:
                    failures.append("%s t=%g: %s's %s %s at pixel (%.0f, %.0f) is %s" % (
                        label, t_page, name, what, np.round(point, 2), pixel[0], pixel[1],
                        "outside the picture" if result is None else "not drawn (background)"))
            # Where nothing is: above end A (an anchor), less than half-way up to end B.
            empty = nodes[0] + [0, 0, max(20.0, 0.45 * abs(nodes[-1][2] - nodes[0][2]))]
            if differs(image, project(camera, empty), background):
                failures.append("%s t=%g: %s at %s, where nothing is, is drawn: the pixel test "
                                "cannot tell lines from background" % (label, t_page, name, empty))
        pictures.append(image)
        shot = (t_page, camera, image)
    changed = int((np.abs(pictures[0] - pictures[1]).sum(axis=2) > COLOUR_DIFFERENCE).sum())
    if changed < 50:  # A line that moves at all moves hundreds of its pixels (and its markers).
        failures.append("%s: the pictures at t=%g and t=%g differ in only %d pixels" % (
            label, shown, last, changed))
    print("%s: %d cables, t=%g and t=%g, %d pixels changed" % (label, len(cables), shown, last,
                                                               changed))
    for name in cables:
        if "break_index" in run[name].attrs:
            check_break(browser, run, name, label, shot, failures)


def main():
    page, result = sys.argv[1], sys.argv[2]
    screenshot = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--screenshot" else None
    failures = []
    browser = Browser()
    try:
        browser.open("file://" + os.path.abspath(page))
        if not wait_drawn(browser):
            failures.append("the page did not report its first frame drawn within %.0f s" %
                            TIMEOUT_S)
        else:
            with h5py.File(result, "r") as f:
                if "cases" in f:
                    for k in range(len(f["cases"])):
                        browser.evaluate("hawserView.setCase(%d)" % k)
                        check_case(browser, f["case_%05d" % k], "case %d" % k, failures)
                else:
                    check_case(browser, f, "run", failures)
            if screenshot:
                browser.evaluate("hawserView.setCase(0); hawserView.preset('orbit');"
                                 "hawserView.setTime(1e300)")
                shot = browser.call("Page.captureScreenshot", {"format": "png"})
                with open(screenshot, "wb") as out:
                    out.write(base64.b64decode(shot["data"]))
        failures += ["JavaScript error: %s" % e for e in browser.errors()]
        failures += ["JavaScript error: %s" % e for e in
                     browser.evaluate("window.hawserErrors || []") or []]
    finally:
        browser.close()
    for f in failures:
        print("view_browser.py: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
