"""The booth's camera, and its guests' retakes, for the day (booth-soak.py): it writes photos
into the watched folder as uploads do (most under a temporary name, then renamed; some written
in place, some in two pieces), deletes shots and saves retakes (under a new name, under the same
name, renamed over the old shot), and sends what a booth also gets (portraits, a shot sent again,
a text file). It keeps its own log, camera.log (JSON lines), of every file it wrote and deleted
with its SHA-256: the day's judge reads that, never the booth's word."""

import hashlib
import io
import json
import os
import threading
import time

from benchutil import picture


class Camera:
    def __init__(self, folder, log_path, rng, size=(960, 640)):
        self.folder, self.rng, self.size = folder, rng, size
        self.log = open(log_path, "a", encoding="utf-8")
        self.lock = threading.Lock()
        self.count = 0
        self.written = {}  # name -> (sha, group) of what is under it now, per the camera

    def _note(self, **entry):
        entry["t"] = time.monotonic()
        with self.lock:
            self.log.write(json.dumps(entry) + "\n")
            self.log.flush()

    def _jpeg(self, width, height):
        out = io.BytesIO()
        picture(self.rng, width, height).save(out, "JPEG", quality=85)
        return out.getvalue()

    def new_name(self):
        self.count += 1
        return f"IMG_{self.count:05}.jpg"

    def _put(self, name, data, kind, group, how):
        """Writes `data` as `name`: renamed in from a hidden temporary name, written in place,
        or in two pieces (a third, closed, then the rest: a copy that takes two writes)."""
        path = os.path.join(self.folder, name)
        if how == "rename":
            temporary = os.path.join(self.folder, f".{name}.part")
            with open(temporary, "wb") as file:
                file.write(data)
            os.rename(temporary, path)
        elif how == "pieces":
            with open(path, "wb") as file:
                file.write(data[: len(data) // 3])
            time.sleep(0.05)
            with open(path, "ab") as file:
                file.write(data[len(data) // 3:])
        else:
            with open(path, "wb") as file:
                file.write(data)
        sha = hashlib.sha256(data).hexdigest()
        self.written[name] = (sha, group)
        self._note(op="write", name=name, sha=sha, kind=kind, group=group, how=how)
        return sha

    def shoot(self, group, name=None, how=None):
        """A new landscape shot: its name."""
        name = name or self.new_name()
        roll = self.rng.random()
        how = how or ("pieces" if roll < 0.05 else "in-place" if roll < 0.3 else "rename")
        self._put(name, self._jpeg(*self.size), "landscape", group, how)
        return name

    def delete(self, name, group):
        os.unlink(os.path.join(self.folder, name))
        self._note(op="delete", name=name, sha=self.written.pop(name)[0], group=group)

    def retake(self, name, group, way):
        """A guest's retake of shot `name`: deleted, then a new shot under a new name; deleted,
        then a new shot under the same name; or a new shot renamed over it. Returns the name
        the new shot is under."""
        if way == "new-name":
            self.delete(name, group)
            return self.shoot(group)
        if way == "same-name":
            self.delete(name, group)
            return self.shoot(group, name=name, how="in-place")
        self._note(op="delete", name=name, sha=self.written.pop(name)[0], group=group, replaced=True)
        return self.shoot(group, name=name, how="rename")

    def extra(self, group):
        """What a booth also gets: a portrait, a shot sent again (the same bytes, another name),
        or a stray text file. None of them belongs in a collage."""
        roll = self.rng.random()
        if roll < 0.4:
            width, height = self.size
            return self._put(self.new_name(), self._jpeg(height, width), "portrait", group, "rename")
        earlier = sorted(name for name, (_, taken) in self.written.items() if taken < group and name.startswith("IMG_"))
        if roll < 0.8 and earlier:
            # A shot of an earlier strip, sent again: already in a collage.
            name = self.rng.choice(earlier)
            with open(os.path.join(self.folder, name), "rb") as file:
                return self._put(f"resent_{self.new_name()}", file.read(), "resent", group, "rename")
        return self._put(f"notes_{self.count}.txt", b"shopping list\n", "not-an-image", group, "in-place")

    def close(self):
        self.log.close()


def read_log(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]
