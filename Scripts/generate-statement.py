#!/usr/bin/env python3
"""Writes a generated Korean bank statement for the import benchmark:
`generate-statement.py ROWS FILE`.

ROWS rows in CP949, as Korean banks export them: a `거래일시` column of a date and time of day
(`2015.11.01 00:02`), `적요`, `출금` and `입금` columns (one of the two filled, the other `0`) and
the balance, oldest first, about 27 rows a day from 2015-11-01 on, memos drawn from a few dozen
Korean and English shop names. Seeded, so the same ROWS always gives the same file.
"""
import datetime, random, sys
if len(sys.argv) != 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
    sys.exit("usage: generate-statement.py ROWS FILE")
rows, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(22)
shops = ["스타벅스", "이마트", "GS25", "김밥천국", "배달의민족", "쿠팡", "교보문고", "CGV", "올리브영",
         "서울교통공사", "카카오T", "다이소", "Netflix", "Apple", "Amazon", "동네약국", "한솔치과",
         "파리바게뜨", "홈플러스", "SK주유소"]
credits = ["급여", "이자", "환불", "용돈", "중고거래"]
start = datetime.datetime(2015, 11, 1)
balance = 10_000_000
lines = ["거래일시,적요,출금,입금,잔액"]
for index in range(rows):
    when = start + datetime.timedelta(minutes=index * 53 + rng.randrange(50))
    if rng.random() < 0.1:
        amount = rng.randrange(1, 300) * 1000
        balance += amount
        lines.append(f"{when:%Y.%m.%d %H:%M},{rng.choice(credits)},0,{amount},{balance}")
    else:
        amount = rng.randrange(10, 2000) * 100
        balance -= amount
        lines.append(f"{when:%Y.%m.%d %H:%M},{rng.choice(shops)},{amount},0,{balance}")
with open(path, "wb") as f:
    f.write(("\r\n".join(lines) + "\r\n").encode("cp949"))
