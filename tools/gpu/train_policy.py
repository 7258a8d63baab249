#!/usr/bin/env python3
"""Train Kakugo's policy network on a GPU (or, slowly, the CPU) with PyTorch.

The network is exactly nn's (package nn, weights/README.md): a 3x3 stem
convolution + ReLU, residual blocks y = relu(x + conv2(relu(conv1(x)))),
a head convolution to one logit per cell; zero padding, a bias on every
convolution, illegal cells masked before the softmax. The positions come
from `pbrain-kakugo export-policy` (package policydata: the input planes
that Go computes; only Rich's window counts are derived here from the
stones, window_counts, checked by the parity test), and the
result goes back through `pbrain-kakugo import-policy RAW --out FILE.kkw`.

Before training, the script checks parity: the reference weights (--ref, a
raw file from `export-policy --raw`) run through this forward pass on the
file's probe positions must give the logits Go computed, within 1e-3; it
stops otherwise.

Each training position is seen through a random one of the 8 symmetries of
the square (the input planes are equivariant under them: four and three
counts are per direction, and the symmetries only permute directions).
AdamW, linear warm-up, cosine decay to --min-lr over --steps. With
--minutes instead of --steps, the script measures its speed over the
first --probe-steps steps and fixes --steps to end the schedule within the
time; the chosen number is logged, so a run can be repeated with --steps.

Determinism: the seed fixes the initial weights, the batches and the
symmetries; on a GPU, cuDNN's convolution algorithms and bf16 autocast are
not bit-deterministic from run to run unless --deterministic is given
(which also turns off autocast and TF32).

Usage (tools/gpu/README.md has the whole recipe):
  python3 train_policy.py --data data.bin.gz --ref default.raw \
      --minutes 6 --out policy.raw
"""
import argparse
import gzip
import json
import math
import os
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as tnn
import torch.nn.functional as F


# ---------------------------------------------------------------- the data


class Data:
    """The columns of a policydata positions file (policydata/data.go)."""

    def __init__(self, path):
        with open(path, "rb") as f:
            raw = f.read()
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        self.buf = memoryview(raw)
        self.off = 0
        if bytes(self._take(8)) != b"KKGOPOS\n":
            raise ValueError("not a KKGOPOS positions file")
        (version,) = self._unpack("<I")
        if version not in (1, 2):
            raise ValueError("positions file version %d" % version)
        self.features = self._str()
        (self.planes,) = self._unpack("<I")
        if version == 1:
            self.kind = np.zeros(self.planes, dtype=np.uint8)
            self.divisor = np.ones(self.planes, dtype=np.uint8)
        else:
            self.kind = self._arr(np.uint8, self.planes)
            self.divisor = self._arr(np.uint8, self.planes)
        (nl,) = self._unpack("<I")
        self.leagues = [self._str() for _ in range(nl)]
        ng, nm, npos, ne, nq = self._unpack("<5I")
        self.w = self._arr(np.uint8, ng)
        self.h = self._arr(np.uint8, ng)
        self.rule = self._arr(np.uint8, ng)
        self.test = self._arr(np.uint8, ng)
        self.league = self._arr(np.uint8, ng)
        self.move_start = self._arr(np.uint32, ng + 1).astype(np.int64)
        self.moves = self._arr(np.uint16, nm)
        self.game = self._arr(np.uint32, npos).astype(np.int64)
        self.ply = self._arr(np.uint16, npos).astype(np.int64)
        self.target = self._arr(np.uint16, npos).astype(np.int64)
        self.constant = self._arr(np.uint16, npos).astype(np.int64)
        self.entry_start = self._arr(np.uint32, npos + 1).astype(np.int64)
        self.cell = self._arr(np.uint16, ne).astype(np.int64)
        self.plane = self._arr(np.uint8, ne).astype(np.int64)
        self.value = self._arr(np.int8, ne)
        self.probe_pos = self._arr(np.uint32, nq).astype(np.int64)
        cells = [int(self.w[self.game[p]]) * int(self.h[self.game[p]]) for p in self.probe_pos]
        logits = self._arr(np.float32, sum(cells))
        self.probe_logits = np.split(logits, np.cumsum(cells)[:-1]) if cells else []
        if self.off != len(self.buf):
            raise ValueError("%d bytes after the probes" % (len(self.buf) - self.off))
        del self.buf

    def _take(self, k):
        if self.off + k > len(self.buf):
            raise ValueError("positions file truncated")
        b = self.buf[self.off:self.off + k]
        self.off += k
        return b

    def _unpack(self, fmt):
        return struct.unpack(fmt, self._take(struct.calcsize(fmt)))

    def _str(self):
        (n,) = self._unpack("<H")
        return bytes(self._take(n)).decode()

    def _arr(self, dtype, n):
        dt = np.dtype(dtype).newbyteorder("<")
        return np.frombuffer(self._take(dt.itemsize * n), dtype=dt).copy()

    def dense(self, idx, device):
        """The planes of positions idx (all of one board size) as a uint8
        tensor [n, planes+1, h, w] on device; the extra last plane marks
        the empty cells where the side to move may not play. This mirrors
        policydata.Data.Position."""
        games = self.game[idx]
        w, h = int(self.w[games[0]]), int(self.h[games[0]])
        assert np.all(self.w[games] == w) and np.all(self.h[games] == h)
        n, P = w * h, self.planes
        # ply map of each game: the ply at which a cell was played, or a big number.
        ug, ginv = np.unique(games, return_inverse=True)
        plymap = np.full((len(ug), n), 1 << 20, dtype=np.int32)
        for j, g in enumerate(ug):
            mv = self.moves[self.move_start[g]:self.move_start[g + 1]].astype(np.int64)
            plymap[j, mv] = np.arange(len(mv), dtype=np.int32)
        out = torch.zeros((len(idx), P + 1, n), dtype=torch.uint8, device=device)
        plymap_t = torch.from_numpy(plymap).to(device)
        chunk = 1 << 16
        bits = torch.tensor([1 << p if p < 16 else 0 for p in range(P)], device=device)
        for s in range(0, len(idx), chunk):
            e = min(len(idx), s + chunk)
            pm = plymap_t[torch.from_numpy(ginv[s:e]).to(device)]
            ply = torch.from_numpy(self.ply[idx[s:e]]).to(device)[:, None]
            played = pm < ply
            same = (pm % 2) == (ply % 2)
            out[s:e, 0] = (played & same).to(torch.uint8)
            out[s:e, 1] = (played & ~same).to(torch.uint8)
            out[s:e, 2] = (~played).to(torch.uint8)
            const = torch.from_numpy(self.constant[idx[s:e]]).to(device)[:, None]
            cplanes = ((const & bits) != 0).to(torch.uint8)  # [m, P]
            out[s:e, 3:P] = cplanes[:, 3:P, None].expand(-1, -1, n)
            if self.kind.any():
                counts = window_counts(out[s:e, 0].view(-1, h, w), out[s:e, 1].view(-1, h, w))
                for p in np.nonzero(self.kind)[0]:
                    out[s:e, p] = counts[int(self.kind[p]) - 1].view(-1, n)
        # entries of these positions
        counts = self.entry_start[idx + 1] - self.entry_start[idx]
        local = np.repeat(np.arange(len(idx), dtype=np.int64), counts)
        starts = np.repeat(self.entry_start[idx], counts)
        within = np.arange(len(local), dtype=np.int64) - np.repeat(np.cumsum(counts) - counts, counts)
        ent = starts + within
        flat = (local * (P + 1) + self.plane[ent]) * n + self.cell[ent]
        vals = self.value[ent].astype(np.int16)
        # Each (position, plane, cell) has at most one entry, so a gather
        # and a scatter add it without atomics.
        o = out.view(-1)
        fl = torch.from_numpy(flat).to(device)
        o[fl] = (o[fl].to(torch.int16) + torch.from_numpy(vals).to(device)).to(torch.uint8)
        return out.view(len(idx), P + 1, h, w)


def window_counts(own, opp):
    """The derived planes (policydata/derive.go, windowCounts): for stone
    planes own and opp ([m, h, w], 0 or 1), the number of five-cell
    windows on the board through each empty cell with two own stones and
    none of the opponent's, the same for the opponent, then with one
    stone: four uint8 tensors [m, h, w]. Each direction is a valid
    convolution with a line of five ones (the windows' stone counts) and
    its transpose (spreading a window's mark back over its cells); the
    values are small integers, exact in float32 and in TF32."""
    own = own.float()[:, None]
    opp = opp.float()[:, None]
    empty = (own == 0) & (opp == 0)
    eye = torch.eye(5, device=own.device)
    kernels = [torch.ones(1, 5, device=own.device), torch.ones(5, 1, device=own.device), eye, torch.flip(eye, dims=[1])]
    out = [torch.zeros_like(own) for _ in range(4)]
    for k in kernels:
        k = k[None, None]
        co, cp = F.conv2d(own, k), F.conv2d(opp, k)
        for j, (a, b, r) in enumerate(((co, cp, 2), (cp, co, 2), (co, cp, 1), (cp, co, 1))):
            mark = ((a == r) & (b == 0)).float()
            out[j] += F.conv_transpose2d(mark, k)
    return [(o * empty).round().to(torch.uint8)[:, 0] for o in out]


def split_planes(x, P, divisor=None, use=None):
    """Input planes (float, each divided by its divisor) and legal mask from
    a dense uint8 batch; use, if given, keeps the first use planes (a
    network of a feature set that the file's set extends)."""
    planes = x[:, :use or P].float()
    if divisor is not None:
        planes = planes / divisor[:use or P].view(1, -1, 1, 1)
    legal = (x[:, 2] > 0) & (x[:, P] == 0)
    return planes, legal


# ----------------------------------------------------------------- the net


class PolicyNet(tnn.Module):
    """nn's network: see weights/README.md."""

    def __init__(self, features, planes, channels, blocks, stem_k=3, block_k=3, head_k=3):
        super().__init__()
        self.arch = dict(features=features, planes=planes, channels=channels, blocks=blocks,
                         stem_kernel=stem_k, block_kernel=block_k, head_kernel=head_k)
        self.stem = tnn.Conv2d(planes, channels, stem_k, padding=stem_k // 2)
        self.convs = tnn.ModuleList()
        for _ in range(blocks):
            self.convs.append(tnn.Conv2d(channels, channels, block_k, padding=block_k // 2))
            self.convs.append(tnn.Conv2d(channels, channels, block_k, padding=block_k // 2))
        self.head = tnn.Conv2d(channels, 1, head_k, padding=head_k // 2)

    def forward(self, x):
        x = F.relu(self.stem(x))
        for i in range(0, len(self.convs), 2):
            x = F.relu(x + self.convs[i + 1](F.relu(self.convs[i](x))))
        return self.head(x)[:, 0]

    def layers(self):
        """The convolutions in nn's order with nn's names."""
        out = [("stem", self.stem)]
        for i in range(0, len(self.convs), 2):
            out.append(("block%d.conv1" % (i // 2), self.convs[i]))
            out.append(("block%d.conv2" % (i // 2), self.convs[i + 1]))
        out.append(("head", self.head))
        return out

    def init_like_go(self, gen):
        """He-normal weights, zero biases, each block's second convolution
        scaled by 0.1 and the head at std sqrt(1/fan_in), as nn.NewRandom."""
        ls = self.layers()
        with torch.no_grad():
            for i, (name, conv) in enumerate(ls):
                fan_in = conv.weight.shape[1] * conv.weight.shape[2] * conv.weight.shape[3]
                std = math.sqrt(2.0 / fan_in)
                if name.endswith("conv2"):
                    std *= 0.1
                if name == "head":
                    std = math.sqrt(1.0 / fan_in)
                conv.weight.copy_(torch.randn(conv.weight.shape, generator=gen) * std)
                conv.bias.zero_()


def read_raw(path):
    """A raw weight file (policydata/raw.go) as (arch dict, [(name, array)])."""
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:8] != b"KKGORAW\n":
        raise ValueError("%s: not a KKGORAW file" % path)
    (n,) = struct.unpack("<I", raw[8:12])
    man = json.loads(raw[12:12 + n])
    off = 12 + n
    ts = []
    for t in man["tensors"]:
        size = int(np.prod(t["shape"])) if t["shape"] else 1
        a = np.frombuffer(raw[off:off + 4 * size], dtype="<f4").reshape(t["shape"])
        off += 4 * size
        ts.append((t["name"], a))
    if off != len(raw):
        raise ValueError("%s: %d bytes after the tensors" % (path, len(raw) - off))
    return man["arch"], ts


def write_raw(path, net, note):
    """Writes net as a raw weight file, atomically."""
    tensors, data = [], []
    for name, conv in net.layers():
        for suffix, p in ((".w", conv.weight), (".b", conv.bias)):
            a = p.detach().float().cpu().numpy().astype("<f4")
            tensors.append({"name": name + suffix, "shape": list(a.shape)})
            data.append(a.tobytes())
    man = json.dumps({"arch": net.arch, "tensors": tensors, "note": note}).encode()
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(b"KKGORAW\n" + struct.pack("<I", len(man)) + man + b"".join(data))
    os.replace(tmp, path)


def net_from_raw(path):
    arch, ts = read_raw(path)
    net = PolicyNet(arch["features"], arch["planes"], arch["channels"], arch["blocks"],
                    arch["stem_kernel"], arch["block_kernel"], arch["head_kernel"])
    named = dict(ts)
    with torch.no_grad():
        for name, conv in net.layers():
            conv.weight.copy_(torch.from_numpy(named[name + ".w"].copy()))
            conv.bias.copy_(torch.from_numpy(named[name + ".b"].copy()))
    return net


# ------------------------------------------------------------ symmetries


def transform(x, s):
    """Symmetry s of nn.Transform on [..., h, w] tensors: bit 0 mirrors x,
    bit 1 mirrors y, bit 2 swaps x and y."""
    if s & 1:
        x = torch.flip(x, dims=[-1])
    if s & 2:
        x = torch.flip(x, dims=[-2])
    if s & 4:
        x = x.transpose(-1, -2)
    return x


def transform_target(t, s, w, h):
    x, y = t % w, t // w
    if s & 1:
        x = w - 1 - x
    if s & 2:
        y = h - 1 - y
    if s & 4:
        x, y = y, x
        w = h
    return y * w + x


# ----------------------------------------------------------- evaluation


def masked_logits(net, planes, legal):
    logits = net(planes).float().flatten(1)
    return logits.masked_fill(~legal.flatten(1), float("-inf"))


# The feature sets, each one's planes a prefix of the next's (nn's
# featureSets), with their plane counts: a network of an earlier set trains
# on a later set's file from its first planes.
FEATURE_SETS = [("basic-v1", 13), ("rich-v1", 21), ("rich-v2", 22)]


def planes_of(features, file_features):
    """The plane count of a network of features trained on a file of
    file_features, or an exit if the file's set does not extend it."""
    names = [n for n, _ in FEATURE_SETS]
    if features not in names or file_features not in names or names.index(features) > names.index(file_features):
        sys.exit("a %s network cannot read a %s file (known sets, each extending the one before: %s)" % (
            features, file_features, ", ".join(names)))
    return dict(FEATURE_SETS)[features]


@torch.no_grad()
def evaluate(net, buckets, prep, batch=4096):
    """Loss, top-1 and top-5 over every held-out position of buckets."""
    net.eval()
    n = loss = top1 = top5 = ent = 0.0
    for b in buckets:
        for s in range(0, b["n"], batch):
            x = b["x"][s:s + batch]
            t = b["t"][s:s + batch]
            planes, legal = prep(x, net.arch["planes"])
            # fp32, not autocast: bf16 logits tie often, and a tie with
            # the target would count as a hit (it inflated top-1 by 0.6).
            lg = masked_logits(net, planes, legal)
            loss += F.cross_entropy(lg, t, reduction="sum").item()
            lp = torch.log_softmax(lg, 1)
            ent -= (lp.exp() * lp.masked_fill(~torch.isfinite(lp), 0)).sum().item()
            tv = lg.gather(1, t[:, None])
            rank = (lg > tv).sum(1)
            top1 += (rank < 1).sum().item()
            top5 += (rank < 5).sum().item()
            n += len(t)
    net.train()
    return dict(n=int(n), loss=loss / max(n, 1), top1=top1 / max(n, 1), top5=top5 / max(n, 1), entropy=ent / max(n, 1))


def parity(data, ref_path, device, log):
    """Go's logits on the probe positions against this forward pass."""
    net = net_from_raw(ref_path).to(device)
    worst = 0.0
    for p, want in zip(data.probe_pos, data.probe_logits):
        x = data.dense(np.array([p]), device)
        use = planes_of(net.arch["features"], data.features)
        div = torch.tensor(data.divisor.astype(np.float32), device=device)
        planes, _ = split_planes(x, data.planes, div, use)
        with torch.no_grad():
            got = net(planes).float().flatten().cpu().numpy()
        worst = max(worst, float(np.abs(got - want).max()))
    log("parity: %d probe positions, largest logit difference from Go %.2e" % (len(data.probe_pos), worst))
    return worst


# ------------------------------------------------------------- training


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="positions file from export-policy")
    ap.add_argument("--ref", help="raw reference weights (export-policy --raw) for the parity check")
    ap.add_argument("--init", help="start from these raw weights instead of fresh ones")
    ap.add_argument("--out", help="raw weights to write (also at every evaluation); required unless --eval-only")
    ap.add_argument("--log-json", help="write the evaluations here as JSON lines")
    ap.add_argument("--leagues", default="", help="comma-separated 'YEAR LEAGUE' or LEAGUE names to train on (default: all in the file)")
    ap.add_argument("--eval-leagues", default="", help="the same for the held-out evaluation (default: the training leagues)")
    ap.add_argument("--features", default="", help="the network's feature set, the file's or one it extends (default: the file's; with --init, the init network's)")
    ap.add_argument("--channels", type=int, default=24)
    ap.add_argument("--blocks", type=int, default=4)
    ap.add_argument("--head-kernel", type=int, default=3)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--min-lr", type=float, default=2e-5)
    ap.add_argument("--weight-decay", type=float, default=1e-4)
    ap.add_argument("--warmup", type=int, default=500)
    ap.add_argument("--steps", type=int, default=0, help="schedule length in steps (or use --minutes)")
    ap.add_argument("--minutes", type=float, default=0, help="fit --steps to this much training time")
    ap.add_argument("--probe-steps", type=int, default=300, help="steps timed to fit --steps to --minutes")
    ap.add_argument("--eval-every", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--deterministic", action="store_true", help="deterministic algorithms, no autocast or TF32")
    ap.add_argument("--eval-only", action="store_true", help="report the held-out line of --init (loss, top-1, top-5, the priors' mean entropy) and stop; --out is not written")
    ap.add_argument("--max-positions", type=int, default=0, help="use about this many training positions, and as many held-out ones (tests)")
    args = ap.parse_args()
    if args.eval_only and not args.init:
        sys.exit("--eval-only needs --init")
    if not args.eval_only and not args.out:
        sys.exit("give --out")

    t0 = time.time()

    def log(msg):
        print("[%7.1fs] %s" % (time.time() - t0, msg), flush=True)

    dev = torch.device(args.device)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    cuda = dev.type == "cuda"
    if args.deterministic:
        torch.use_deterministic_algorithms(True)
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
        if cuda:
            torch.backends.cudnn.benchmark = False
            torch.backends.cudnn.allow_tf32 = False
            torch.backends.cuda.matmul.allow_tf32 = False
    elif cuda:
        torch.backends.cudnn.benchmark = True
    use_bf16 = cuda and not args.deterministic

    def amp():
        if use_bf16:
            return torch.autocast("cuda", dtype=torch.bfloat16)
        return torch.autocast("cpu", enabled=False)

    data = Data(args.data)
    P = data.planes
    log("data %s: %s, %d planes, %d games, %d positions, %d entries, leagues %s" % (
        args.data, data.features, P, len(data.w), len(data.game), len(data.cell), data.leagues))
    if dict(FEATURE_SETS).get(data.features) != P:
        sys.exit("the file's %s has %d planes; this script knows %s" % (data.features, P, FEATURE_SETS))
    div = torch.tensor(data.divisor.astype(np.float32), device=dev)

    def prep(x, use):
        return split_planes(x, P, div, use)
    if args.ref:
        if cuda:  # full fp32 for the comparison
            torch.backends.cudnn.allow_tf32 = False
        worst = parity(data, args.ref, dev, log)
        if cuda:
            torch.backends.cudnn.allow_tf32 = not args.deterministic
        if not worst < 1e-3:
            sys.exit("parity check failed: this forward pass is not nn's")

    def league_ok(names):
        want = [s.strip() for s in names.split(",") if s.strip()]
        ok = np.zeros(len(data.leagues), dtype=bool)
        for i, l in enumerate(data.leagues):
            ok[i] = not want or any(l == x or l.split(" ", 1)[-1] == x for x in want)
        return ok

    train_ok = league_ok(args.leagues)
    eval_ok = league_ok(args.eval_leagues or args.leagues)
    gtest = data.test[data.game] == 1
    glg = data.league[data.game]
    rng = np.random.default_rng(args.seed)
    sizes = sorted(set(zip(data.w.tolist(), data.h.tolist())))
    train_b, test_b = [], []
    for (w, h) in sizes:
        insize = (data.w[data.game] == w) & (data.h[data.game] == h)
        for side, ok, dst in ((False, train_ok, train_b), (True, eval_ok, test_b)):
            if args.eval_only and not side:
                continue
            idx = np.nonzero(insize & (gtest == side) & ok[glg])[0]
            if args.max_positions:
                idx = np.sort(rng.permutation(idx)[:max(1, args.max_positions * len(idx) // max(1, len(data.game)))])
            if len(idx) == 0:
                continue
            x = data.dense(idx, dev)
            t = torch.from_numpy(data.target[idx]).to(dev)
            dst.append(dict(w=w, h=h, n=len(idx), x=x, t=t))
            log("%s %dx%d: %d positions" % ("held-out" if side else "training", w, h, len(idx)))
    ntrain = max(1, sum(b["n"] for b in train_b))
    probs = np.array([b["n"] for b in train_b], dtype=np.float64) / ntrain

    gen = torch.Generator().manual_seed(args.seed)
    if args.init:
        net = net_from_raw(args.init)
        if args.features and args.features != net.arch["features"]:
            sys.exit("--features %s, but --init is a %s network" % (args.features, net.arch["features"]))
        planes_of(net.arch["features"], data.features)
    else:
        features = args.features or data.features
        net = PolicyNet(features, planes_of(features, data.features), args.channels, args.blocks, 3, 3, args.head_kernel)
        net.init_like_go(gen)
    net = net.to(dev)
    if cuda:
        net = net.to(memory_format=torch.channels_last)
    nparams = sum(p.numel() for p in net.parameters())
    net_planes = net.arch["planes"]
    log("network %s, %d parameters, device %s%s" % (net.arch, nparams, dev,
        " (%s)" % torch.cuda.get_device_name(dev) if cuda else ""))
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    tgen = torch.Generator(device=dev).manual_seed(args.seed)

    steps = args.steps or 10 ** 9
    if not args.eval_only and not args.steps and not args.minutes:
        sys.exit("give --steps or --minutes")

    def lr_at(step):
        if step < args.warmup:
            return args.lr * (step + 1) / args.warmup
        f = min(1.0, (step - args.warmup) / max(1, steps - args.warmup))
        return args.min_lr + 0.5 * (args.lr - args.min_lr) * (1 + math.cos(math.pi * f))

    def report(step, tag):
        r = evaluate(net, test_b, prep)
        log("%s step %d: held-out loss %.4f top-1 %.2f%% top-5 %.2f%% entropy %.3f (%d positions)" % (
            tag, step, r["loss"], 100 * r["top1"], 100 * r["top5"], r["entropy"], r["n"]))
        if args.eval_only:
            return r
        write_raw(args.out, net, "train_policy.py step %d of %d, %s, held-out top-1 %.2f%%" % (
            step, steps, " ".join(sys.argv[1:]), 100 * r["top1"]))
        if args.log_json:
            with open(args.log_json, "a") as f:
                f.write(json.dumps(dict(step=step, tag=tag, **r)) + "\n")
        return r

    report(0, "start")
    if args.eval_only:
        return
    train_start = time.time()
    run_loss = run_top1 = run_n = 0.0
    step = 0
    bucket_rng = np.random.default_rng(args.seed + 1)
    while step < steps:
        if args.minutes and not args.steps and step == args.probe_steps:
            if cuda:
                torch.cuda.synchronize()
            rate = step / (time.time() - train_start)
            budget = args.minutes * 60 - (time.time() - train_start)
            steps = max(step + 1, int(step + rate * budget * 0.97))
            log("speed %.1f steps/s (%.0f positions/s): --steps %d" % (rate, rate * args.batch, steps))
        b = train_b[bucket_rng.choice(len(train_b), p=probs)]
        idx = torch.randint(0, b["n"], (args.batch,), device=dev, generator=tgen)
        x, t = b["x"][idx], b["t"][idx]
        sym = torch.randint(0, 8 if b["w"] == b["h"] else 4, (args.batch,), device=dev, generator=tgen)
        xs, ts = [], []
        for s in range(8):
            sel = sym == s
            xs.append(transform(x[sel], s))
            ts.append(transform_target(t[sel], s, b["w"], b["h"]))
        x, t = torch.cat(xs), torch.cat(ts)
        planes, legal = prep(x, net_planes)
        if cuda:
            planes = planes.contiguous(memory_format=torch.channels_last)
        for g in opt.param_groups:
            g["lr"] = lr_at(step)
        with amp():
            lg = masked_logits(net, planes, legal)
        loss = F.cross_entropy(lg, t)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        step += 1
        if step % 100 == 0:
            run_loss += loss.item()
            run_top1 += (lg.argmax(1) == t).float().mean().item()
            run_n += 1
        if step % args.eval_every == 0 or step == steps:
            el = time.time() - train_start
            train = "train loss %.4f top-1 %.2f%% " % (run_loss / run_n, 100 * run_top1 / run_n) if run_n else ""
            log("step %d/%d lr %.2e %s(%.0f positions/s, %.1f epochs)" % (
                step, steps, lr_at(step - 1), train, step * args.batch / el, step * args.batch / ntrain))
            run_loss = run_top1 = run_n = 0.0
            report(step, "final" if step == steps else "eval")
    log("done: %d steps, %.1f epochs, %.0f s of training" % (step, step * args.batch / ntrain, time.time() - train_start))


if __name__ == "__main__":
    main()
