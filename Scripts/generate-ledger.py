#!/usr/bin/env python3
"""Writes a generated ledger for the benchmarks: `generate-ledger.py N DIR`.

N entries over the 1,200 months before and including 2025-11, newest first, N / 1200 a month
(at least one) and the remainder in the oldest month (LedgerFixture's layout), with random ids
(seeded by the month, so the same N always gives the same ledger), written in the file format
Hannun writes: DIR/ledger/meta.json and DIR/ledger/YYYY/YYYY-MM.json, one record a line. DIR's
ledger folder must not exist yet. Scripts/bench-cli.sh, Scripts/bench-web.sh and
Scripts/bench-interleaved.py share it.

The entries are a household's: 24 categories in Korean and English (식비, 교통, groceries, rent,
급여, salary, …), both kinds, every category in every month that has room for it (a month of
833 entries at a million holds them all), amounts of each category's own size (rent in
hundreds of thousands, coffee in thousands), any day of the month (salaries on the 25th), and a
memo on about one entry in three (a shop, a person, a word in Korean or English). A smaller
ledger's months take the categories in turn.
"""
import calendar, os, random, sys

# (category, kind, weight, smallest, largest amount in won, memos)
CATEGORIES = [
    ("식비", "expense", 22, 3000, 120000, ["점심", "저녁 외식", "배달", "김밥천국", "회식"]),
    ("groceries", "expense", 12, 5000, 180000, ["E-mart", "Costco", "weekly shop", "market"]),
    ("카페", "expense", 10, 2500, 12000, ["스타벅스", "coffee", "라떼", ""]),
    ("교통", "expense", 10, 1250, 45000, ["지하철", "택시", "bus", "KTX"]),
    ("transport", "expense", 4, 1400, 90000, ["fuel", "parking", "toll"]),
    ("생활용품", "expense", 5, 2000, 60000, ["다이소", "세제", "toilet paper"]),
    ("쇼핑", "expense", 5, 10000, 350000, ["옷", "신발", "online order"]),
    ("문화", "expense", 3, 8000, 80000, ["영화", "공연", "book", "넷플릭스"]),
    ("books", "expense", 2, 9000, 45000, ["novel", "교재", "magazine"]),
    ("의료", "expense", 3, 3000, 250000, ["약국", "치과", "clinic"]),
    ("health", "expense", 2, 30000, 150000, ["gym", "yoga", "수영"]),
    ("교육", "expense", 2, 50000, 600000, ["학원", "tuition", "course"]),
    ("통신", "expense", 1, 30000, 110000, ["휴대폰", "internet"]),
    ("utilities", "expense", 2, 20000, 200000, ["전기", "gas", "water", "관리비"]),
    ("주거", "expense", 1, 300000, 1500000, ["월세", "rent"]),
    ("보험", "expense", 1, 50000, 300000, ["실손보험", "car insurance"]),
    ("경조사", "expense", 1, 50000, 300000, ["결혼식 축의금", "조의금", "birthday gift"]),
    ("gifts", "expense", 1, 10000, 200000, ["present for mom", "선물"]),
    ("여행", "expense", 1, 50000, 900000, ["제주도", "hotel", "flight"]),
    ("pets", "expense", 1, 10000, 120000, ["사료", "vet", "grooming"]),
    ("급여", "income", 1, 2500000, 4500000, ["월급", ""]),
    ("salary", "income", 1, 1800000, 3200000, ["payroll", ""]),
    ("용돈", "income", 1, 10000, 300000, ["할머니", "allowance"]),
    ("refund", "income", 1, 3000, 150000, ["환불", "return", "cashback"]),
]
if len(sys.argv) != 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
    sys.exit("usage: generate-ledger.py ENTRIES DIRECTORY")
entries, root = int(sys.argv[1]), sys.argv[2]
ledger = os.path.join(root, "ledger")
os.makedirs(ledger)
with open(os.path.join(ledger, "meta.json"), "w") as f:
    f.write('{"currency":"KRW","schemaVersion":1}')
letters, alphabet = "abcdefghjkmnpqrstvwxyz", "0123456789abcdefghjkmnpqrstvwxyz"
weights = [category[2] for category in CATEGORIES]
months = []
year, month = 2025, 11
for _ in range(1200):
    months.append((year, month))
    year, month = (year, month - 1) if month > 1 else (year - 1, 12)
per_month, remaining = max(1, entries // len(months)), entries


def json_text(text):
    # Categories and memos above hold no character JSON escapes.
    return '"' + text + '"'


for salt, (year, month) in enumerate(months):
    if remaining <= 0:
        break
    count = remaining if salt == len(months) - 1 else min(per_month, remaining)
    remaining -= count
    rng = random.Random(salt)
    days = calendar.monthrange(year, month)[1]
    iso = f"{year:04d}-{month:02d}"
    # Every category once while there is room (from one that turns with the month, so small
    # ledgers hold every category too), then by weight.
    turn = salt % len(CATEGORIES)
    chosen = (CATEGORIES[turn:] + CATEGORIES[:turn])[:count]
    chosen += rng.choices(CATEGORIES, weights=weights, k=count - len(chosen))
    records = []  # (date, createdAt, id, line): sorted below into the order Hannun keeps
    for index, (category, kind, _, low, high, memos) in enumerate(chosen):
        ident = rng.choice(letters) + "".join(rng.choices(alphabet, k=10))
        stamp = f"2025-01-01T00:{index // 60000 % 60:02d}:{index // 1000 % 60:02d}.{index % 1000:03d}Z"
        step = 100 if high >= 10000 else 10
        amount = rng.randrange(low // step, high // step + 1) * step
        day = 25 if category in ("급여", "salary") else rng.randint(1, days)
        date = f"{iso}-{min(day, days):02d}"
        memo = rng.choice(memos) if rng.random() < 0.35 else ""
        records.append((date, stamp, ident,
            f'{{"amountMinor":{amount},"category":{json_text(category)},"createdAt":"{stamp}",'
            f'"date":"{date}","id":"{ident}","kind":"{kind}",'
            f'"memo":{json_text(memo)},"updatedAt":"{stamp}"}}'))
    # Hannun keeps a month's records in list order (day, then creation stamp, then id), so a
    # reader never sorts them; a generated month must not make it.
    records.sort()
    folder = os.path.join(ledger, f"{year:04d}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"{iso}.json"), "w", encoding="utf-8") as f:
        # The layout Hannun writes: the document's members, then one record a line.
        f.write(f'{{"month":"{iso}","schemaVersion":1,"transactions":[\n'
                + ",\n".join(record[3] for record in records) + "\n]}\n")
