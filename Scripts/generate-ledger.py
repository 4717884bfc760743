#!/usr/bin/env python3
"""Writes a generated ledger for the benchmarks: `generate-ledger.py N DIR`.

N entries over the 1,200 months before and including 2025-11, newest first, N / 1200 a month
(at least one) and the remainder in the oldest month (LedgerFixture's layout), with random ids
(seeded by the month, so the same N always gives the same ledger), written in the file format
Hannun writes: DIR/ledger/meta.json and DIR/ledger/YYYY/YYYY-MM.json, one record a line. DIR's
ledger folder must not exist yet. Scripts/bench-cli.sh and Scripts/bench-web.sh share it.
"""
import calendar, os, random, sys
if len(sys.argv) != 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
    sys.exit("usage: generate-ledger.py ENTRIES DIRECTORY")
entries, root = int(sys.argv[1]), sys.argv[2]
ledger = os.path.join(root, "ledger")
os.makedirs(ledger)
with open(os.path.join(ledger, "meta.json"), "w") as f:
    f.write('{"currency":"KRW","schemaVersion":1}')
letters, alphabet = "abcdefghjkmnpqrstvwxyz", "0123456789abcdefghjkmnpqrstvwxyz"
months = []
year, month = 2025, 11
for _ in range(1200):
    months.append((year, month))
    year, month = (year, month - 1) if month > 1 else (year - 1, 12)
per_month, remaining = max(1, entries // len(months)), entries
for salt, (year, month) in enumerate(months):
    if remaining <= 0:
        break
    count = remaining if salt == len(months) - 1 else min(per_month, remaining)
    remaining -= count
    rng = random.Random(salt)
    days = calendar.monthrange(year, month)[1]
    iso = f"{year:04d}-{month:02d}"
    records = []  # (date, createdAt, id, line): sorted below into the order Hannun keeps
    for index in range(count):
        ident = rng.choice(letters) + "".join(rng.choices(alphabet, k=10))
        stamp = f"2025-01-01T00:00:{index // 1000 % 60:02d}.{index % 1000:03d}Z"
        kind = "income" if index % 7 == 0 else "expense"
        amount = 1000 + (index * 37 + salt) % 90000
        date = f"{iso}-{1 + index % days:02d}"
        records.append((date, stamp, ident,
            f'{{"amountMinor":{amount},"category":"food","createdAt":"{stamp}",'
            f'"date":"{date}","id":"{ident}","kind":"{kind}",'
            f'"memo":"","updatedAt":"{stamp}"}}'))
    # Hannun keeps a month's records in list order (day, then creation stamp, then id), so a
    # reader never sorts them; a generated month must not make it.
    records.sort()
    folder = os.path.join(ledger, f"{year:04d}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"{iso}.json"), "w") as f:
        # The layout Hannun writes: the document's members, then one record a line.
        f.write(f'{{"month":"{iso}","schemaVersion":1,"transactions":[\n'
                + ",\n".join(record[3] for record in records) + "\n]}\n")
