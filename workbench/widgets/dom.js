// Shared by every workbench view: build DOM nodes from a tag, attributes and children.
// Each widget module is this file followed by its own code (see assets.script).
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "className") node.className = value;
    else if (key === "html") node.innerHTML = value;
    else if (key === "value") node.value = value;
    else if (key === "checked") node.checked = Boolean(value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Makes `nodes` (nulls left out) the children of `box`, in that order, without taking out the
// ones already there: only the others are removed, and inserted around them. A view redrawn
// while someone clicks keeps its buttons this way: the browser drops a click whose press and
// release straddle the removal of the button or of any box around it.
function fill(box, ...nodes) {
  const want = nodes.flat().filter(Boolean);
  for (const child of [...box.childNodes]) if (!want.includes(child)) child.remove();
  want.forEach((node, i) => {
    if (box.childNodes[i] !== node) box.insertBefore(node, box.childNodes[i] ?? null);
  });
}
