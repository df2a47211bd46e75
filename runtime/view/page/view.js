// hawser view's page script: draws HAWSER_DATA (view_page.cpp writes it) with three.js r111.
// World frame as hawser's: z up, mean water level z = 0, seabed z = -depth. The page reports
// that it drew its first frame in document.body's data-drawn attribute (tests poll for it) and
// offers window.hawserView for them: setTime, setCase, preset, camera, seaHeight, frame.
(function () {
  "use strict";
  const data = HAWSER_DATA;
  const el = (id) => document.getElementById(id);
  const container = el("scene");
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1);
  renderer.setClearColor(0xffffff);
  container.appendChild(renderer.domElement);
  const scene = new THREE.Scene();
  scene.add(new THREE.AmbientLight(0xffffff, 0.7));
  const sun = new THREE.DirectionalLight(0xffffff, 0.5);
  sun.position.set(1, -1, 2);
  scene.add(sun);
  const camera = new THREE.PerspectiveCamera(40, 1, 0.1, 1e7);
  camera.up.set(0, 0, 1);

  // The camera on a sphere about `target`: azimuth from +x towards +y, elevation above the
  // horizontal, both in radians.
  const orbit = { target: new THREE.Vector3(), distance: 1, azimuth: -Math.PI / 2, elevation: 0.5 };
  let shown = null;  // The case drawn: its data, scene group and objects.
  let frame = 0;
  let playing = false;
  let playTime = 0;
  let lastTick = null;
  let selected = 0;

  function placeCamera() {
    const e = orbit.elevation, a = orbit.azimuth, d = orbit.distance;
    camera.position.set(orbit.target.x + d * Math.cos(e) * Math.cos(a),
                        orbit.target.y + d * Math.cos(e) * Math.sin(a),
                        orbit.target.z + d * Math.sin(e));
    camera.lookAt(orbit.target);
    camera.updateMatrixWorld();
  }

  function resize() {
    const w = container.clientWidth, h = container.clientHeight;
    renderer.setSize(w, h);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  }

  // Blue (low) to red (high) through cyan, green and yellow: the legend's gradient.
  function tensionColour(t, lo, hi, out) {
    const s = hi > lo ? Math.min(1, Math.max(0, (t - lo) / (hi - lo))) : 0.5;
    out.setHSL((1 - s) * 2 / 3, 1, 0.45);
  }

  function bounds(c) {
    const box = new THREE.Box3();
    const p = new THREE.Vector3();
    for (const cable of c.cables) {
      const n = cable.pos.length / 3;
      for (let i = 0; i < n; ++i) box.expandByPoint(p.fromArray(cable.pos, 3 * i));
    }
    if (c.depth !== null) box.expandByPoint(p.set(box.min.x, box.min.y, -c.depth));
    box.expandByPoint(p.set(box.min.x, box.min.y, 0));
    return box;
  }

  function buildCase(index) {
    if (shown) scene.remove(shown.group);
    const c = data.cases[index];
    const group = new THREE.Group();
    const box = bounds(c);
    const size = box.getSize(new THREE.Vector3());
    const radius = Math.max(1, 0.5 * Math.max(size.x, size.y, size.z));
    const centre = box.getCenter(new THREE.Vector3());
    const marker = 0.012 * radius;
    let lo = Infinity, hi = -Infinity;
    for (const cable of c.cables) {
      for (const t of cable.tension || []) { if (t !== null) { lo = Math.min(lo, t); hi = Math.max(hi, t); } }
    }
    if (!isFinite(lo)) { lo = 0; hi = 0; }
    const seabed = c.depth === null ? null : -c.depth;
    const cables = c.cables.map((cable) => {
      const geometry = new THREE.BufferGeometry();
      geometry.addAttribute("position", new THREE.BufferAttribute(new Float32Array(3 * cable.nodes), 3));
      geometry.addAttribute("color", new THREE.BufferAttribute(new Float32Array(3 * cable.nodes), 3));
      // Segments (node i to i + 1) as an index, so that a broken segment can be left out.
      const index = [];
      for (let i = 0; i + 1 < cable.nodes; ++i) index.push(i, i + 1);
      geometry.setIndex(index);
      const line = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ vertexColors: THREE.VertexColors }));
      line.frustumCulled = false;
      group.add(line);
      // An end the data marks as an anchor (on the seabed, view_markers.h) is a dark box; any
      // other end a fairlead or connection point (an orange sphere).
      const k = c.cables.indexOf(cable);
      const ends = [0, cable.nodes - 1].map((node) => {
        const anchor = c.markers.some((m) => m.kind === "anchor" && m.cable === k && m.node === node);
        const mesh = anchor
          ? new THREE.Mesh(new THREE.BoxGeometry(2 * marker, 2 * marker, 2 * marker),
                           new THREE.MeshLambertMaterial({ color: 0x402000 }))
          : new THREE.Mesh(new THREE.SphereGeometry(marker, 12, 8),
                           new THREE.MeshLambertMaterial({ color: 0xff8000 }));
        group.add(mesh);
        return { node: node, mesh: mesh };
      });
      // The inner nodes, small grey dots, so that a line is visible where it is thin.
      const dots = new THREE.Points(geometry, new THREE.PointsMaterial({ color: 0x303030, size: 3, sizeAttenuation: false }));
      dots.frustumCulled = false;
      group.add(dots);
      // A broken line's two free ends (the nodes beside the broken segment): red spheres, shown
      // from the break on.
      const loose = cable.break === null ? [] : [cable.break[1], cable.break[1] + 1].map((node) => {
        const mesh = new THREE.Mesh(new THREE.SphereGeometry(marker, 12, 8),
                                    new THREE.MeshLambertMaterial({ color: 0xe00000 }));
        group.add(mesh);
        return { node: node, mesh: mesh };
      });
      return { data: cable, line: line, ends: ends, loose: loose };
    });
    const bodies = c.bodies.map((body) => {
      const g = new THREE.CylinderGeometry(body.size / 2, body.size / 2, body.size, 24);
      g.rotateX(Math.PI / 2);  // Three's cylinder stands along y; a body's axis is its z.
      const mesh = new THREE.Mesh(g, new THREE.MeshLambertMaterial({ color: 0x909090, transparent: true, opacity: 0.8 }));
      mesh.add(new THREE.AxesHelper(1.5 * body.size));
      group.add(mesh);
      return { data: body, mesh: mesh };
    });
    // Marked points (view_markers.h): a Body/Buoy as a yellow sphere of its diameter, an in-line
    // buoy a smaller one, a clump weight a dark grey box, a Body/Point (fairlead) a green
    // octahedron, any other logged point a purple one. Anchors are the dark boxes at the cables'
    // seabed ends above.
    const markers = c.markers.filter((m) => m.kind !== "anchor").map((m) => {
      const r = m.size > 0 ? Math.max(m.size / 2, 0.5 * marker) : marker;
      const geometry = m.kind === "clump" ? new THREE.BoxGeometry(2 * r, 2 * r, 2 * r)
        : m.kind === "buoy" ? new THREE.SphereGeometry(r, 12, 8) : new THREE.OctahedronGeometry(1.3 * r);
      const colour = { buoy: 0xf0c000, clump: 0x404040, fairlead: 0x00a040 }[m.kind] || 0x8000c0;
      const mesh = new THREE.Mesh(geometry, new THREE.MeshLambertMaterial({ color: colour }));
      group.add(mesh);
      return { data: m, mesh: mesh };
    });
    const plane = 2.4 * radius;
    // The sea surface: flat without waves; else a 64 x 64 grid whose heights setFrame sets from
    // the wave components.
    const cells = c.waves.length ? 64 : 1;
    const sea = new THREE.Mesh(new THREE.PlaneBufferGeometry(plane, plane, cells, cells),
      c.waves.length
        ? new THREE.MeshLambertMaterial({ color: 0x2060c0, transparent: true, opacity: 0.3, side: THREE.DoubleSide, depthWrite: false })
        : new THREE.MeshBasicMaterial({ color: 0x2060c0, transparent: true, opacity: 0.15, side: THREE.DoubleSide, depthWrite: false }));
    sea.position.set(centre.x, centre.y, 0);
    sea.frustumCulled = false;
    group.add(sea);
    if (seabed !== null) {
      const bed = new THREE.Mesh(new THREE.PlaneGeometry(plane, plane),
        new THREE.MeshBasicMaterial({ color: 0xc8b070, transparent: true, opacity: 0.35, side: THREE.DoubleSide, depthWrite: false }));
      bed.position.set(centre.x, centre.y, seabed);
      group.add(bed);
    }
    const speed = Math.hypot(c.current[0], c.current[1], c.current[2]);
    if (speed > 0) {
      const dir = new THREE.Vector3().fromArray(c.current).normalize();
      const length = 0.3 * radius;
      const from = new THREE.Vector3(box.min.x, box.max.y, 0);
      group.add(new THREE.ArrowHelper(dir, from, length, 0x0040ff, 0.25 * length, 0.12 * length));
    }
    scene.add(group);
    shown = { index: index, c: c, group: group, cables: cables, bodies: bodies, markers: markers, lo: lo, hi: hi,
              centre: centre, radius: radius, sea: sea };
    el("tmin").textContent = (lo / 1000).toPrecision(4);
    el("tmax").textContent = (hi / 1000).toPrecision(4);
    el("legend").style.display = c.cables.some((x) => x.tension) ? "" : "none";
    const objects = el("object");
    objects.innerHTML = "";
    c.cables.concat(c.bodies).forEach((o, i) => objects.add(new Option(o.name, String(i))));
    selected = Math.min(selected, c.cables.length + c.bodies.length - 1);
    objects.value = String(selected);
    const slider = el("slider");
    slider.max = String(c.time.length - 1);
    orbit.target.copy(centre);
    orbit.distance = 3.2 * radius;
    placeCamera();
  }

  // The ramp factor r(t): the stored samples interpolated linearly, 1 after the last (it stays
  // 1 once it reached it; hdf5_sea.h).
  function ramp(c, t) {
    const r = c.ramp;
    if (!r.length || t >= r[r.length - 1][0]) return 1;
    if (t <= r[0][0]) return r[0][1];
    let i = 1;
    while (r[i][0] < t) ++i;
    const s = (t - r[i - 1][0]) / (r[i][0] - r[i - 1][0]);
    return r[i - 1][1] + s * (r[i][1] - r[i - 1][1]);
  }

  // eta(t, x, y) = r(t) sum a cos(k (x cos dir + y sin dir) - omega t + phase) at each vertex.
  function waveSurface(c, t) {
    if (!c.waves.length) return;
    const pos = shown.sea.geometry.attributes.position;
    const factor = ramp(c, t);
    for (let v = 0; v < pos.count; ++v) {
      const x = pos.array[3 * v] + shown.centre.x, y = pos.array[3 * v + 1] + shown.centre.y;
      let eta = 0;
      for (const w of c.waves) eta += w[0] * Math.cos(w[2] * (x * Math.cos(w[3]) + y * Math.sin(w[3])) - w[1] * t + w[4]);
      pos.array[3 * v + 2] = factor * eta;
    }
    pos.needsUpdate = true;
    shown.sea.geometry.computeVertexNormals();
  }

  function setFrame(f) {
    const c = shown.c;
    frame = Math.max(0, Math.min(c.time.length - 1, f));
    const colour = new THREE.Color();
    for (const cable of shown.cables) {
      const d = cable.data, n = d.nodes;
      const pos = cable.line.geometry.attributes.position;
      const col = cable.line.geometry.attributes.color;
      for (let i = 0; i < 3 * n; ++i) pos.array[i] = d.pos[3 * n * frame + i];
      for (let i = 0; i < n; ++i) {
        // A node's colour: the mean tension of the segments beside it.
        let t = 0, k = 0;
        if (d.tension) {
          if (i > 0) { t += d.tension[(n - 1) * frame + i - 1]; ++k; }
          if (i < n - 1) { t += d.tension[(n - 1) * frame + i]; ++k; }
          tensionColour(t / k, shown.lo, shown.hi, colour);
        } else {
          colour.set(0x000000);
        }
        col.array[3 * i] = colour.r; col.array[3 * i + 1] = colour.g; col.array[3 * i + 2] = colour.b;
      }
      pos.needsUpdate = true;
      col.needsUpdate = true;
      for (const end of cable.ends) end.mesh.position.fromArray(d.pos, 3 * n * frame + 3 * end.node);
      if (d.break !== null) {
        // Broken: the segment's two index entries both name its end A node (nothing drawn).
        const broken = c.time[frame] >= d.break[0], s = d.break[1];
        const index = cable.line.geometry.index;
        index.array[2 * s + 1] = broken ? s : s + 1;
        index.needsUpdate = true;
        for (const end of cable.loose) {
          end.mesh.visible = broken;
          end.mesh.position.fromArray(d.pos, 3 * n * frame + 3 * end.node);
        }
      }
    }
    for (const m of shown.markers) {
      const d = m.data;
      if (d.cable === undefined) {
        m.mesh.position.fromArray(d.pos, 3 * frame);
      } else {
        const cable = c.cables[d.cable];
        m.mesh.position.fromArray(cable.pos, 3 * (cable.nodes * frame + d.node));
      }
    }
    for (const body of shown.bodies) {
      const d = body.data;
      body.mesh.position.fromArray(d.pos, 3 * frame);
      const q = d.quat.slice(4 * frame, 4 * frame + 4);  // w, x, y, z
      body.mesh.quaternion.set(q[1], q[2], q[3], q[0]).normalize();
    }
    waveSurface(c, c.time[frame]);
    el("slider").value = String(frame);
    el("time").textContent = "t = " + c.time[frame].toFixed(2) + " s";
    el("readout").textContent = readout();
    renderer.render(scene, camera);
  }

  // The selected object's values at the frame shown, as text.
  function readout() {
    const c = shown.c, f = frame;
    const lines = [shown.index !== null && data.sweep ? c.label : "", "t = " + c.time[f].toFixed(3) + " s"];
    if (selected < c.cables.length) {
      const d = c.cables[selected], n = d.nodes, b = 3 * n * f + 3 * (n - 1);
      lines.push(d.name + " (cable, " + (n - 1) + " segments)");
      lines.push("end B at " + d.pos.slice(b, b + 3).map((v) => v.toFixed(2)).join(", ") + " m");
      if (d.tension) {
        const seg = d.tension.slice((n - 1) * f, (n - 1) * (f + 1));
        lines.push("tension at end B " + (seg[n - 2] / 1000).toFixed(1) + " kN, end A " +
                   (seg[0] / 1000).toFixed(1) + " kN, max " + (Math.max(...seg) / 1000).toFixed(1) + " kN");
      }
    } else {
      const d = c.bodies[selected - c.cables.length];
      lines.push(d.name + " (body)");
      lines.push("position " + d.pos.slice(3 * f, 3 * f + 3).map((v) => v.toFixed(3)).join(", ") + " m");
    }
    return lines.filter((s) => s).join("\n");
  }

  function preset(name) {
    if (name === "plan") { orbit.azimuth = -Math.PI / 2; orbit.elevation = Math.PI / 2 - 1e-4; }
    if (name === "elevation") { orbit.azimuth = -Math.PI / 2; orbit.elevation = 0; }
    if (name === "orbit") { orbit.azimuth = -Math.PI / 3; orbit.elevation = 0.5; }
    placeCamera();
    setFrame(frame);
  }

  function tick(now) {
    if (playing) {
      const c = shown.c;
      if (lastTick !== null) playTime += (now - lastTick) / 1000 * Number(el("speed").value);
      lastTick = now;
      if (playTime > c.time[c.time.length - 1]) playTime = c.time[0];
      let f = frame;
      while (f + 1 < c.time.length && c.time[f + 1] <= playTime) ++f;
      if (c.time[f] > playTime) f = 0;
      setFrame(f);
      requestAnimationFrame(tick);
    }
  }

  // Drag to orbit, wheel to zoom.
  let drag = null;
  renderer.domElement.addEventListener("mousedown", (e) => { drag = { x: e.clientX, y: e.clientY }; });
  window.addEventListener("mouseup", () => { drag = null; });
  window.addEventListener("mousemove", (e) => {
    if (!drag) return;
    orbit.azimuth -= (e.clientX - drag.x) * 0.01;
    orbit.elevation = Math.max(-1.5, Math.min(1.5707, orbit.elevation + (e.clientY - drag.y) * 0.01));
    drag = { x: e.clientX, y: e.clientY };
    placeCamera();
    setFrame(frame);
  });
  renderer.domElement.addEventListener("wheel", (e) => {
    orbit.distance *= Math.exp(0.001 * e.deltaY);
    placeCamera();
    setFrame(frame);
  });
  el("slider").addEventListener("input", () => { setFrame(Number(el("slider").value)); playTime = shown.c.time[frame]; });
  el("play").addEventListener("click", () => {
    playing = !playing;
    el("play").textContent = playing ? "Pause" : "Play";
    lastTick = null;
    playTime = shown.c.time[frame];
    if (playing) requestAnimationFrame(tick);
  });
  for (const name of ["plan", "elevation", "orbit"]) el(name).addEventListener("click", () => preset(name));
  el("object").addEventListener("change", () => { selected = Number(el("object").value); setFrame(frame); });
  const cases = el("case");
  data.cases.forEach((c, i) => cases.add(new Option(c.label, String(i))));
  cases.style.display = data.sweep ? "" : "none";
  cases.addEventListener("change", () => { buildCase(Number(cases.value)); setFrame(0); });
  window.addEventListener("resize", () => { resize(); setFrame(frame); });
  el("decimation").textContent = data.decimation;

  window.hawserView = {
    setTime: (t) => {
      const c = shown.c;
      let f = 0;
      while (f + 1 < c.time.length && c.time[f + 1] <= t) ++f;
      setFrame(f);
      return c.time[f];
    },
    setCase: (i) => { cases.value = String(i); buildCase(i); setFrame(0); },
    preset: preset,
    seaHeight: (x, y) => {  // The drawn surface's height at the vertex nearest (x, y).
      const pos = shown.sea.geometry.attributes.position;
      let best = 0, distance = Infinity;
      for (let v = 0; v < pos.count; ++v) {
        const d = Math.hypot(pos.array[3 * v] + shown.centre.x - x, pos.array[3 * v + 1] + shown.centre.y - y);
        if (d < distance) { distance = d; best = v; }
      }
      return [pos.array[3 * best] + shown.centre.x, pos.array[3 * best + 1] + shown.centre.y, pos.array[3 * best + 2]];
    },
    // The camera's matrices (column-major, as three.js keeps them) and the canvas size, so that
    // a test projects world points itself.
    camera: () => ({ view: camera.matrixWorldInverse.elements.slice(),
                     projection: camera.projectionMatrix.elements.slice(),
                     width: renderer.domElement.width, height: renderer.domElement.height }),
    frame: () => frame,
  };
  resize();
  buildCase(0);
  setFrame(0);
  document.body.setAttribute("data-drawn", "1");
})();
