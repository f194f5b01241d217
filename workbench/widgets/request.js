// Shared by every workbench view: ask Python, get its answer (RequestWidget in base.py).
// request({ type, ...fields }) sends the request with an id and returns a promise of Python's
// reply { type: "reply", id, ok, error, ... }, which arrives after the view it changed.
// Joined in front of each widget's module like dom.js (see assets.script).
function requests(model) {
  // Every view of a widget hears every reply, so ids carry a per-view prefix: otherwise two
  // views of one widget, both counting from 1, would take each other's replies.
  const prefix = Math.random().toString(36).slice(2, 10);
  let count = 0;
  const pending = new Map();
  const route = (msg) => {
    if (!msg || msg.type !== "reply" || !pending.has(msg.id)) return;
    const resolve = pending.get(msg.id);
    pending.delete(msg.id);
    resolve(msg);
  };
  model.on("msg:custom", route);
  return {
    request(content) {
      const id = `${prefix}-${++count}`;
      model.send({ ...content, id });
      return new Promise((resolve) => pending.set(id, resolve));
    },
    // For the view's cleanup, so a removed view stops listening.
    close() { model.off("msg:custom", route); },
  };
}
