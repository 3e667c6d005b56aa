#!/usr/bin/env python3
"""Makes search-indexer/relevance/judgements.json: shopper queries on the demo catalog (its
first 2,000 products, which are the same at any seed size) with graded relevant products.

Grades come from rules written here, independent of the search engine:
  2 = every intended word starts a word of the product's name or brand (sizes: substring),
  1 = every intended word starts a word of its name, brand or department path.
A misspelled query carries the words the shopper meant. Rerun against a database seeded with
`storefront seed --products 2000`:  DATABASE_URL=... python3 make-judgements.py
"""
import json, os, re, subprocess, sys

QUERIES = [
    # (typed, meant words)
    ("rope", ["rope"]), ("dog food", ["dog", "food"]), ("chicken feed", ["chicken", "feed"]),
    ("purina", ["purina"]), ("goodyear", ["goodyear"]), ("tire", ["tire"]), ("tires", ["tire"]),
    ("battery", ["battery"]), ("motor oil", ["motor", "oil"]), ("boots", ["boot"]),
    ("gloves", ["glove"]), ("generator", ["generator"]), ("air conditioner", ["air", "conditioner"]),
    ("heater", ["heater"]), ("welding helmet", ["welding", "helmet"]), ("drill", ["drill"]),
    ("dewalt", ["dewalt"]), ("wrench", ["wrench"]), ("electric fence", ["electric", "fence"]),
    ("bird seed", ["bird", "seed"]), ("fishing reel", ["reel"]), ("rifle ammunition", ["rifle", "ammunition"]),
    ("spray paint", ["spray", "paint"]), ("paint", ["paint"]), ("led light", ["led", "light"]),
    ("extension cord", ["extension", "cord"]), ("mower", ["mower"]), ("trimmer", ["trimmer"]),
    ("jerky", ["jerky"]), ("blender", ["blender"]), ("kennel", ["kennel"]), ("post hole digger", ["post", "hole", "digger"]),
    ("wood screws", ["wood", "screw"]), ("shop light", ["shop", "light"]), ("door knob", ["door", "knob"]),
    ("tomcat", ["tomcat"]), ("carlisle", ["carlisle"]), ("craftsman", ["craftsman"]), ("husky", ["husky"]),
    ("valspar", ["valspar"]), ("hamilton beach", ["hamilton", "beach"]), ("bridgestone", ["bridgestone"]),
    ("candy", ["candy"]), ("weed killer", ["weed", "killer"]), ("air filter", ["air", "filter"]),
    ("cat food", ["cat", "food"]), ("horse feed", ["horse", "feed"]), ("socket set", ["socket", "set"]),
    ("hammer", ["hammer"]), ("flashlight", ["flashlight"]), ("coffee", ["coffee"]), ("grill", ["grill"]),
    # misspellings
    ("genrator", ["generator"]), ("purinna", ["purina"]), ("welding helmit", ["welding", "helmet"]),
    ("bridgstone", ["bridgestone"]), ("hamiltn beach", ["hamilton", "beach"]), ("flashlite", ["flashlight"]),
    ("heatr", ["heater"]), ("extention cord", ["extension", "cord"]),
    # synonyms
    ("tyre", ["tire"]), ("tyres", ["tire"]),
]
SIZES = 6     # tire sizes taken from the catalog
NUMBERS = 4   # product numbers taken from the catalog


def rows():
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:55433/st")
    out = subprocess.run(
        ["psql", url, "-AtF", "\t", "-c",
         "SELECT blain_number, name, vendor_brand, array_to_string(department_path, ' ') FROM products "
         "WHERE NOT discontinued ORDER BY blain_number"],
        check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def words(text):
    return re.findall(r"[a-z0-9]+", text.lower())


def starts(meant, text):
    if "/" in meant:
        return meant in text.lower()
    return any(w.startswith(meant) for w in words(text))


def grade(meant, name, brand, dept):
    if all(starts(m, f"{name} {brand}") for m in meant):
        return 2
    if all(starts(m, f"{name} {brand} {dept}") for m in meant):
        return 1
    return 0


def main():
    products = rows()
    if len(products) != 2000:
        sys.exit(f"expected the 2,000-product demo seed, found {len(products)}")
    queries = list(QUERIES)
    sizes = sorted({m.group(0) for _, name, _, _ in products
                    for m in [re.search(r"\b(LT|P|ST)?\d{3}/\d{2}R\d{2}\b", name)] if m})
    queries += [(s, [s.lower()]) for s in sizes[:: max(1, len(sizes) // SIZES)][:SIZES]]
    judgements = []
    for typed, meant in queries:
        graded = {}
        for number, name, brand, dept in products:
            g = grade(meant, name, brand, dept)
            if g:
                graded[number] = g
        if any(g == 2 for g in graded.values()):
            judgements.append({"query": typed, "meant": meant, "grades": graded})
    step = len(products) // NUMBERS
    for number, name, _, _ in products[::step][:NUMBERS]:
        judgements.append({"query": number, "meant": [number], "grades": {number: 2}})
    doc = {
        "about": "Shopper queries on the demo catalog's first 2,000 products with graded relevant "
                 "products (2 = what was asked for, 1 = related). Made by make-judgements.py from "
                 "rules independent of the engine; tests/relevance.rs reports NDCG@10 and fails "
                 "below `baseline`.",
        "baseline": None,
        "judgements": judgements,
    }
    path = os.path.join(os.path.dirname(__file__), "judgements.json")
    with open(path, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write("\n")
    print(f"{len(judgements)} queries written to {path}")


main()
