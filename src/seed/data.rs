//! The department tree and the product families of the demo catalog.
//!
//! Top-level ids are stable: 1..=40, with 12 (Automotive Service Center) and 13 (Animal Rx)
//! reserved for the two special departments. Sub-department ids are `top * 100 + n` and
//! sub-sub-department ids `top * 10000 + n * 100 + m` (n, m counted from 1 in sibling order).

use super::spec::*;

// ───────────────────────────── shared axes ─────────────────────────────

const MADE_USA: Axis = ax!("Country of Origin", ["USA", "USA", "USA", "Imported"]);
const MADE_ANY: Axis = ax!(
    "Country of Origin",
    ["USA", "Imported", "Imported", "Imported"]
);
const MEN_SIZE: Axis = ax!(
    "Size",
    ["S", "M", "L", "XL", "2XL", "3XL", "L Tall", "XL Tall"]
);
const WOMEN_SIZE: Axis = ax!("Size", ["XS", "S", "M", "L", "XL", "2XL"]);
const KID_SIZE: Axis = ax!(
    "Size",
    ["XS (4-5)", "S (6-7)", "M (8)", "L (10-12)", "XL (14-16)"]
);
const WORK_COLOR: Axis = ax!(
    "Color",
    [
        "Brown",
        "Black",
        "Navy",
        "Moss",
        "Gravel",
        "Charcoal Heather",
        "Dark Brown"
    ]
);
const CASUAL_COLOR: Axis = ax!(
    "Color",
    [
        "Black",
        "Navy",
        "Heather Gray",
        "Red",
        "Forest Green",
        "Blue",
        "White",
        "Olive"
    ]
);
const WOMEN_COLOR: Axis = ax!(
    "Color",
    [
        "Black",
        "Navy",
        "Burgundy",
        "Heather Gray",
        "Teal",
        "Plum",
        "White",
        "Dusty Rose"
    ]
);
const MEN_SHOE: Axis = ax!(
    "Size",
    ["7", "7.5", "8", "8.5", "9", "9.5", "10", "10.5", "11", "11.5", "12", "13", "14"]
);
const WOMEN_SHOE: Axis = ax!(
    "Size",
    ["5", "5.5", "6", "6.5", "7", "7.5", "8", "8.5", "9", "9.5", "10", "11"]
);
const SHOE_WIDTH: Axis = ax!("Width", ["Medium", "Medium", "Wide", "Extra Wide"]);
const COTTON: Axis = ax!(
    "Material",
    [
        "100% Cotton",
        "Cotton/Polyester Blend",
        "100% Cotton Duck",
        "Cotton/Spandex Blend"
    ]
);
const TOOL_PACK: Axis = ax!(
    "Package",
    ["Tool Only", "Kit with 1 Battery", "Kit with 2 Batteries"]
);
const VOLT_20: Axis = ax!("Voltage", ["18V", "20V", "20V", "12V"]);
const POWER_SRC: Axis = ax!("Power Source", ["Gas", "Gas", "Battery", "Electric"]);

// ───────────────────────────── Farm & Ranch ─────────────────────────────

static FEED: Fam = fam! {
    brands: ["Purina", "Nutrena", "Dumor", "Kalmbach Feeds", "Manna Pro", "Storefront Farm & Home", "Tribute"],
    show: [ax!("Weight", ["5 lb", "10 lb", "25 lb", "40 lb", "50 lb"])],
    extra: [ax!("Package Type", ["Bag", "Bag", "Bag", "Tote"]), MADE_USA],
    price: (8, 40), flags: NS | SZ,
    about: [
        "provides complete, balanced nutrition with no need to supplement",
        "is formulated by animal nutritionists for consistent results",
        "delivers quality protein, vitamins and minerals in every bite",
        "is made fresh at Midwest mills with locally sourced grains",
    ],
};
static MINERAL: Fam = fam! {
    brands: ["Purina", "Sweetlix", "Redmond", "Morton", "Kalmbach Feeds", "Storefront Farm & Home"],
    show: [ax!("Weight", ["4 lb", "25 lb", "40 lb", "50 lb", "125 lb"])],
    extra: [ax!("Form", ["Loose", "Block", "Tub"]), MADE_USA],
    price: (6, 60), flags: NS | SZ,
    about: ["supplies the trace minerals grazing animals need", "helps fill the gaps in forage-based diets"],
};
static FENCE_CHARGER: Fam = fam! {
    brands: ["Zareba", "Parmak", "Patriot", "Fi-Shock", "Gallagher", "Speedrite"],
    show: [ax!("Range", ["2 Mile", "5 Mile", "10 Mile", "25 Mile", "50 Mile", "100 Mile"])],
    extra: [ax!("Power Source", ["110V AC", "110V AC", "12V Battery", "Solar"]), ax!("Output Energy", ["0.1 J", "0.25 J", "0.5 J", "1.0 J", "2.0 J", "6.0 J"]), ax!("Voltage", ["110V", "12V"])],
    price: (40, 400), flags: WR | SZ,
    about: ["keeps livestock in and predators out", "powers long fence lines, even through heavy weeds", "is built to handle Midwest weather season after season"],
};
static FENCE_POST: Fam = fam! {
    brands: ["Red Brand", "Zareba", "Dare", "Stay-Tuff", "Storefront Farm & Home", "Gallagher"],
    show: [ax!("Length", ["3 ft", "4 ft", "5 ft", "5.5 ft", "6 ft", "6.5 ft", "7 ft", "8 ft"])],
    extra: [ax!("Color", ["Green", "White", "Black", "Yellow"]), ax!("Finish", ["Painted", "Galvanized", "Natural"])],
    price: (2, 28), flags: NS | SZ,
    about: ["drives easily and holds firm in clay and rocky soil", "makes quick work of temporary and permanent fence lines"],
};
static FENCE_WIRE: Fam = fam! {
    brands: ["Red Brand", "Zareba", "Dare", "Gallagher", "Bekaert", "Storefront Farm & Home", "Oklahoma Steel & Wire"],
    show: [ax!("Length", ["330 ft", "656 ft", "1,320 ft", "1/4 Mile", "1/2 Mile"])],
    extra: [ax!("Gauge", ["12.5 ga", "14 ga", "17 ga", "N/A"]), ax!("Material", ["Galvanized Steel", "Polyethylene", "Aluminum"])],
    price: (18, 320), flags: NS | SZ,
    about: ["stands up to livestock pressure and years of weather", "rolls out straight and tensions evenly"],
};
static GATES: Fam = fam! {
    brands: ["Behlen Country", "Tarter", "Priefert", "Storefront Farm & Home", "Powder River"],
    show: [ax!("Length", ["4 ft", "6 ft", "8 ft", "10 ft", "12 ft", "14 ft", "16 ft"])],
    extra: [ax!("Color", ["Red", "Gray", "Green", "Galvanized", "Black"]), ax!("Material", ["Steel Tubing", "Galvanized Steel"])],
    price: (45, 420), flags: NS | SZ,
    about: ["is welded from heavy-gauge tubing for years of hard use", "swings true and latches securely"],
};
static LIVESTOCK_EQUIP: Fam = fam! {
    brands: ["Behlen Country", "Tarter", "Little Giant", "Rubbermaid Commercial", "Miller Manufacturing", "Storefront Farm & Home", "Farm Innovators"],
    show: [ax!("Capacity", ["2 gal", "5 gal", "16 gal", "50 gal", "100 gal", "300 gal"])],
    extra: [ax!("Material", ["Polyethylene", "Galvanized Steel", "Rubber"]), MADE_ANY],
    price: (10, 380), flags: SZ,
    about: ["keeps feed and water clean and within reach", "is tough enough for cattle, horses and goats alike"],
};
static HEATED_WATER: Fam = fam! {
    brands: ["Farm Innovators", "Allied Precision", "K&H Pet Products", "Little Giant", "API"],
    show: [ax!("Wattage", ["60W", "100W", "250W", "500W", "1,000W", "1,500W"])],
    extra: [ax!("Voltage", ["120V"]), ax!("Thermostat", ["Yes", "Yes", "No"])],
    price: (20, 140), flags: WR | SZ,
    about: ["keeps water open through the coldest Wisconsin nights", "switches on only when temperatures drop"],
};
static ANIMAL_HEALTH: Fam = fam! {
    brands: ["Durvet", "Zoetis", "Merck", "Vetericyn", "Farnam", "Bag Balm", "Neogen", "Manna Pro"],
    show: [ax!("Size", ["4 oz", "8 oz", "16 oz", "32 oz", "100 mL", "250 mL", "500 mL", "1 gal"])],
    extra: [ax!("Species", ["Cattle", "Horses", "Goats & Sheep", "Swine", "Poultry", "All Livestock"])],
    price: (5, 90), flags: CH | SZ,
    about: ["helps keep your herd healthy and productive", "is trusted by livestock producers across the Midwest", "supports fast recovery from everyday nicks and scrapes"],
};
static TACK: Fam = fam! {
    brands: ["Weaver Leather", "Tough-1", "Professional's Choice", "Abetta", "Classic Equine", "Storefront Farm & Home"],
    show: [ax!("Color", ["Brown", "Black", "Red", "Turquoise", "Purple", "Hunter Green"]), ax!("Size", ["Pony", "Cob", "Horse", "Oversize"])],
    extra: [ax!("Material", ["Leather", "Nylon", "Synthetic", "Poly Rope"])],
    price: (8, 260), flags: 0,
    about: ["is comfortable for the horse and easy to adjust", "holds up to daily use in the barn and on the trail"],
};
static POULTRY_EQUIP: Fam = fam! {
    brands: ["Harris Farms", "Little Giant", "Miller Manufacturing", "RentACoop", "Ware Manufacturing", "Producer's Pride", "Farm Innovators"],
    show: [ax!("Capacity", ["1 qt", "1 gal", "3 gal", "5 gal", "8 lb", "20 lb", "30 lb"])],
    extra: [ax!("Material", ["Plastic", "Galvanized Steel", "Wood"]), MADE_ANY],
    price: (6, 90), flags: SZ,
    about: ["keeps your flock fed, watered and content", "cleans up fast and keeps bedding out"],
};
static COOPS: Fam = fam! {
    brands: ["Ware Manufacturing", "Producer's Pride", "RentACoop", "Little Giant", "Precision Pet Products"],
    show: [ax!("Flock Size", ["Up to 3 Chickens", "Up to 6 Chickens", "Up to 10 Chickens", "Up to 15 Chickens"])],
    extra: [ax!("Material", ["Fir Wood", "Pine Wood", "Plastic", "Steel"]), ax!("Assembly Required", ["Yes"])],
    price: (25, 900), flags: NS | SZ,
    about: ["gives backyard hens a safe, dry place to roost and lay", "goes together with basic tools in an afternoon"],
};
static BROODER: Fam = fam! {
    brands: ["Brinsea", "Little Giant", "Premier 1", "Farm Innovators", "Harris Farms"],
    show: [ax!("Size", ["Small", "Medium", "Large"])],
    extra: [ax!("Voltage", ["120V", "12V"]), ax!("Wattage", ["25W", "125W", "250W"])],
    price: (12, 260), flags: WR,
    about: ["keeps chicks warm during their first critical weeks", "brings reliable, even heat to the brooder"],
};

static FARM: Top = top!(1, "Farm & Ranch", slug: None, banner: Some("/weekly-ad/"), [
    sub!("Animal Feed", [
        leaf!("Poultry Feed", FEED, 14, [
            "Purina|Layena Crumbles Chicken Feed", "Purina|Layena Pellets Chicken Feed", "Purina|Start & Grow Medicated Chick Feed",
            "Purina|Flock Raiser Crumbles", "Nutrena|NatureWise Layer Pellets", "Nutrena|NatureWise Chick Starter Grower",
            "16% Layer Pellets Poultry Feed", "All Flock Crumbles", "Scratch Grains Poultry Feed", "Gamebird & Turkey Starter",
        ]),
        leaf!("Horse Feed", FEED, 10, [
            "Purina|Omolene #200 Horse Feed", "Purina|Strategy Healthy Edge Horse Feed", "Purina|Equine Senior Horse Feed",
            "Nutrena|SafeChoice Original Horse Feed", "Nutrena|Triumph 12% Sweet Horse Feed", "Tribute|Kalm N' EZ Pellet Horse Feed",
            "10% Sweet Horse Feed", "Alfalfa Pellets", "Timothy Hay Pellets",
        ]),
        leaf!("Cattle Feed", FEED, 9, [
            "Manna Pro|Calf-Manna Performance Supplement", "Purina|Accuration Range Supplement", "Show Steer Developer Cattle Feed",
            "Beef Cattle Finisher Pellets", "Calf Starter Pellets", "20% Range Cubes", "Dairy Calf Grower",
        ]),
        leaf!("Goat & Sheep Feed", FEED, 8, [
            "Purina|Goat Chow", "Purina|Noble Goat Grower 16 DX", "Dumor|Goat Feed Pellets", "Lamb Grower Pellets",
            "Sheep & Goat Sweet Feed", "Show Lamb Finisher",
        ]),
        leaf!("Minerals & Supplements", MINERAL, 7, [
            "Trace Mineral Salt Block", "Cattle Mineral 12:12", "Sheep & Goat Mineral", "Plain White Salt Block",
            "Redmond|Natural Trace Mineral Rock", "Poultry Grit", "Oyster Shell Calcium Supplement",
        ]),
    ]),
    sub!("Fencing", [
        leaf!("Electric Fence Chargers", FENCE_CHARGER, 8, [
            "Low Impedance Electric Fence Charger", "Solid State Electric Fence Charger", "Solar Fence Charger",
            "Electric Fence Energizer", "Battery Powered Fence Controller",
        ]),
        leaf!("Fence Posts", FENCE_POST, 9, [
            "Studded Steel T-Post", "Steel U-Post", "Fiberglass Step-In Post", "Polywire Step-In Post",
            "Treated Wood Fence Post", "Rod Post",
        ]),
        leaf!("Fence Wire & Tape", FENCE_WIRE, 9, [
            "Field Fence", "Woven Wire Horse Fence", "4-Point Barbed Wire", "Poly Tape, 1/2 in", "Polywire",
            "Aluminum Fence Wire", "Welded Wire Fence", "Smooth High-Tensile Wire",
        ]),
        leaf!("Gates & Panels", GATES, 7, [
            "Heavy Duty Tube Gate", "Farm Gate", "Wire-Filled Gate", "Corral Panel", "Livestock Panel", "Bull Panel",
        ]),
    ]),
    sub!("Livestock Supplies", [
        leaf!("Waterers & Feeders", LIVESTOCK_EQUIP, 8, [
            "Oval Stock Tank", "Round Stock Tank", "Hay Feeder", "Bunk Feeder", "Automatic Livestock Waterer",
            "Flat Back Feed Bucket", "Hanging Hay Rack", "Mineral Feeder",
        ]),
        leaf!("Tank Heaters & Heated Buckets", HEATED_WATER, 6, [
            "Floating Tank De-Icer", "Sinking Tank Heater", "Heated Bucket", "Heated Poultry Waterer Base", "Drain Plug De-Icer",
        ]),
        leaf!("Animal Health", ANIMAL_HEALTH, 9, [
            "Wound Spray", "Pour-On Dewormer", "Fly Spray", "Hoof Dressing", "Electrolytes", "Probiotic Paste",
            "Bag Balm|Original Skin Moisturizer", "Vetericyn|Plus Utility Spray", "Hoof & Heel Spray",
        ]),
        leaf!("Horse Tack", TACK, 7, [
            "Nylon Halter", "Leather Halter", "Lead Rope with Bolt Snap", "Saddle Pad", "Fly Mask", "Split Reins", "Grooming Kit",
        ]),
    ]),
    sub!("Poultry", [
        leaf!("Chicken Coops & Nesting", COOPS, 5, [
            "Backyard Chicken Coop", "Chicken Coop with Run", "Nesting Box", "Roll-Out Nesting Box", "Chicken Tractor Coop",
        ]),
        leaf!("Poultry Feeders & Waterers", POULTRY_EQUIP, 8, [
            "Hanging Poultry Feeder", "Double Wall Poultry Fount", "Plastic Poultry Waterer", "Chick Feeder Base",
            "Treadle Poultry Feeder", "Nipple Bucket Waterer",
        ]),
        leaf!("Chick Brooding Supplies", BROODER, 6, [
            "Brooder Heat Plate", "Heat Lamp with Clamp", "Chick Brooder Kit", "Egg Incubator", "Red Heat Lamp Bulb",
        ]),
    ]),
]);

// ───────────────────────────── Pet ─────────────────────────────

static PET_FOOD: Fam = fam! {
    brands: ["Purina Pro Plan", "Purina ONE", "Blue Buffalo", "Diamond Naturals", "Taste of the Wild", "Nutro", "Pedigree", "Iams", "Victor", "Storefront Farm & Home"],
    show: [ax!("Weight", ["3.5 lb", "5 lb", "15 lb", "30 lb", "40 lb"])],
    extra: [ax!("Life Stage", ["Adult", "Puppy", "Senior", "All Life Stages"]), ax!("Flavor", ["Chicken & Rice", "Lamb & Rice", "Beef", "Salmon", "Turkey & Sweet Potato"])],
    price: (9, 80), flags: SZ,
    about: ["is made with real meat as the first ingredient", "supports strong muscles, healthy skin and a shiny coat", "delivers complete and balanced nutrition"],
};
static CAT_FOOD: Fam = fam! {
    brands: ["Purina Cat Chow", "Purina ONE", "Meow Mix", "Iams", "Blue Buffalo", "Friskies", "9Lives", "Diamond Naturals"],
    show: [ax!("Weight", ["3.15 lb", "7 lb", "15 lb", "22 lb"])],
    extra: [ax!("Life Stage", ["Adult", "Kitten", "Senior", "All Life Stages"]), ax!("Flavor", ["Chicken", "Salmon", "Ocean Fish", "Turkey"])],
    price: (6, 45), flags: SZ,
    about: ["gives cats the protein they need to stay active", "is packed with flavor cats love"],
};
static CAT_LITTER: Fam = fam! {
    brands: ["Tidy Cats", "Fresh Step", "Arm & Hammer", "Dr. Elsey's", "Storefront Farm & Home", "World's Best Cat Litter"],
    show: [ax!("Weight", ["10 lb", "20 lb", "25 lb", "35 lb", "40 lb"])],
    extra: [ax!("Scent", ["Unscented", "Fresh Scent", "Lavender"]), ax!("Type", ["Clumping", "Non-Clumping"])],
    price: (6, 30), flags: NS | SZ,
    about: ["locks in odors for up to two weeks", "clumps tight for easy scooping"],
};
static PET_TREATS: Fam = fam! {
    brands: ["Milk-Bone", "Greenies", "Blue Buffalo", "Pup-Peroni", "Zuke's", "Storefront Farm & Home", "Redbarn", "Temptations"],
    show: [ax!("Size", ["4 oz", "6 oz", "12 oz", "24 oz", "40 oz"])],
    extra: [ax!("Flavor", ["Chicken", "Beef", "Peanut Butter", "Bacon", "Salmon"])],
    price: (3, 30), flags: SZ,
    about: ["makes a wholesome reward for good behavior", "is made in the USA with no artificial flavors"],
};
static PET_GEAR: Fam = fam! {
    brands: ["Petmate", "KONG", "Coastal Pet", "Frisco", "Chuckit!", "Aspen Pet", "K&H Pet Products", "Storefront Farm & Home", "Midwest Homes for Pets"],
    show: [ax!("Color", ["Black", "Red", "Blue", "Orange", "Camo", "Pink", "Green"]), ax!("Size", ["Small", "Medium", "Large", "X-Large"])],
    extra: [ax!("Material", ["Nylon", "Polyester", "Rubber", "Plastic", "Steel"])],
    price: (4, 180), flags: 0,
    about: ["is built to keep up with active pets", "is easy to clean and made to last"],
};
static BIRD_SEED: Fam = fam! {
    brands: ["Kaytee", "Wagner's", "Cole's", "Audubon Park", "Storefront Farm & Home", "Pennington", "Lyric"],
    show: [ax!("Weight", ["5 lb", "10 lb", "20 lb", "40 lb", "50 lb"])],
    extra: [ax!("Attracts", ["Cardinals", "Finches", "Chickadees", "Woodpeckers", "All Songbirds"])],
    price: (5, 45), flags: SZ,
    about: ["brings colorful songbirds to the backyard", "is cleaned to reduce waste under the feeder"],
};
static BIRD_FEEDER: Fam = fam! {
    brands: ["Perky-Pet", "Droll Yankees", "Woodlink", "Stokes Select", "More Birds", "Heath"],
    show: [ax!("Capacity", ["1 lb", "2 lb", "4 lb", "6 lb", "10 lb"])],
    extra: [ax!("Material", ["Metal", "Plastic", "Cedar", "Recycled Plastic"]), ax!("Color", ["Green", "Red", "Brown", "Black"])],
    price: (8, 90), flags: SZ,
    about: ["is easy to fill, hang and clean", "keeps seed dry and birds coming back"],
};
static SMALL_ANIMAL: Fam = fam! {
    brands: ["Kaytee", "Oxbow", "Manna Pro", "Small Pet Select", "Standlee", "Storefront Farm & Home"],
    show: [ax!("Weight", ["2 lb", "5 lb", "10 lb", "25 lb", "50 lb"])],
    extra: [ax!("Animal", ["Rabbit", "Guinea Pig", "Hamster", "Chinchilla", "Small Animal"])],
    price: (4, 45), flags: SZ,
    about: ["is high in fiber for healthy digestion", "makes a fresh, comfortable home for small pets"],
};

static PET: Top = top!(2, "Pet", slug: None, banner: Some("/pet/dog/dog-food/"), [
    sub!("Dog", [
        leaf!("Dog Food", PET_FOOD, 14, [
            "Adult Dry Dog Food", "Large Breed Dry Dog Food", "Grain-Free Dry Dog Food", "Sensitive Skin & Stomach Dog Food",
            "High Protein Dog Food", "Small Breed Dry Dog Food", "Healthy Weight Dog Food",
        ]),
        leaf!("Dog Treats", PET_TREATS, 8, [
            "Dog Biscuits", "Dental Dog Chews", "Jerky Dog Treats", "Training Treats", "Beef Bully Sticks", "Soft & Chewy Dog Treats",
        ]),
        leaf!("Dog Beds & Crates", PET_GEAR, 6, [
            "Orthopedic Dog Bed", "Bolster Dog Bed", "Folding Metal Dog Crate", "Plastic Travel Kennel", "Heated Pet Pad",
        ]),
        leaf!("Collars & Leashes", PET_GEAR, 7, [
            "Adjustable Nylon Dog Collar", "Reflective Dog Leash", "Retractable Dog Leash", "No-Pull Dog Harness", "Tie-Out Cable",
        ]),
        leaf!("Dog Toys", PET_GEAR, 6, [
            "KONG|Classic Dog Toy", "Chuckit!|Ultra Ball", "Rope Tug Toy", "Squeaky Plush Dog Toy", "Rubber Chew Toy", "Tennis Balls",
        ]),
    ]),
    sub!("Cat", [
        leaf!("Cat Food", CAT_FOOD, 8, ["Indoor Dry Cat Food", "Complete Dry Cat Food", "Hairball Control Cat Food", "Kitten Formula Dry Food"]),
        leaf!("Cat Litter", CAT_LITTER, 6, ["Clumping Clay Cat Litter", "Multi-Cat Clumping Litter", "Lightweight Cat Litter", "Pine Pellet Cat Litter"]),
        leaf!("Cat Toys & Furniture", PET_GEAR, 4, ["Cat Tree", "Scratching Post", "Feather Wand Cat Toy", "Catnip Mice", "Cat Bed"]),
    ]),
    sub!("Bird & Wildlife", [
        leaf!("Wild Bird Seed", BIRD_SEED, 7, [
            "Black Oil Sunflower Seed", "Wild Bird Food Blend", "Nyjer Thistle Seed", "Safflower Seed", "Deluxe Songbird Blend",
            "Shelled Peanuts", "Suet Cake",
        ]),
        leaf!("Bird Feeders & Houses", BIRD_FEEDER, 5, ["Tube Bird Feeder", "Hopper Bird Feeder", "Suet Cage Feeder", "Hummingbird Feeder", "Bluebird House"]),
        leaf!("Squirrel & Deer Feed", BIRD_SEED, 4, ["Ear Corn", "Squirrel & Critter Blend", "Shelled Corn", "Deer Corn"]),
    ]),
    sub!("Small Animal", [
        leaf!("Small Animal Food", SMALL_ANIMAL, 4, ["Rabbit Pellets", "Timothy Hay", "Guinea Pig Food", "Hamster & Gerbil Food"]),
        leaf!("Small Animal Bedding", SMALL_ANIMAL, 4, ["Pine Shavings", "Paper Bedding", "Aspen Bedding", "Pine Pellet Bedding"]),
    ]),
]);

// ───────────────────────────── Lawn & Garden ─────────────────────────────

static GRASS_SEED: Fam = fam! {
    brands: ["Scotts", "Pennington", "Jonathan Green", "Storefront Farm & Home", "Vigoro"],
    show: [ax!("Weight", ["3 lb", "7 lb", "10 lb", "20 lb", "25 lb", "50 lb"])],
    extra: [ax!("Sun Exposure", ["Full Sun", "Sun & Shade", "Dense Shade"]), ax!("Coverage", ["1,000 sq ft", "2,500 sq ft", "5,000 sq ft", "10,000 sq ft"])],
    price: (9, 130), flags: SZ,
    about: ["grows a thick, green lawn that stands up to Midwest winters", "germinates fast and fills in bare spots"],
};
static LAWN_CHEM: Fam = fam! {
    brands: ["Scotts", "Ortho", "Spectracide", "Roundup", "Bonide", "Preen", "Hi-Yield", "Sevin", "Tomcat"],
    show: [ax!("Size", ["32 oz", "1 gal", "1.33 gal", "2.5 gal", "10 lb", "20 lb"])],
    extra: [ax!("Application", ["Ready-to-Use", "Concentrate", "Granular"]), ax!("Coverage", ["1,000 sq ft", "5,000 sq ft", "10,000 sq ft"])],
    price: (7, 90), flags: AG | CH,
    about: ["controls tough weeds down to the root", "kills listed insects on contact and keeps protecting for weeks", "must be used according to label directions"],
};
static FERTILIZER: Fam = fam! {
    brands: ["Scotts Turf Builder", "Milorganite", "Jonathan Green", "Pennington", "Espoma", "Miracle-Gro", "Storefront Farm & Home"],
    show: [ax!("Weight", ["4 lb", "12 lb", "15 lb", "32 lb", "40 lb", "50 lb"])],
    extra: [ax!("N-P-K", ["6-4-0", "10-10-10", "29-0-4", "32-0-4", "13-13-13", "24-8-16"]), ax!("Coverage", ["2,500 sq ft", "5,000 sq ft", "12,000 sq ft", "15,000 sq ft"])],
    price: (10, 70), flags: NS | SZ,
    about: ["feeds lawns and gardens for lush, green growth", "releases nutrients slowly for up to eight weeks"],
};
static SOIL: Fam = fam! {
    brands: ["Miracle-Gro", "Scotts", "Pro-Mix", "Espoma", "Timberline", "Storefront Farm & Home"],
    show: [ax!("Size", ["8 qt", "16 qt", "1 cu ft", "1.5 cu ft", "2 cu ft", "3 cu ft"])],
    extra: [ax!("Organic", ["Yes", "No", "No"])],
    price: (3, 25), flags: NS | SZ,
    about: ["gives plants a strong start in beds and containers", "holds moisture and keeps roots healthy"],
};
static GARDEN_TOOLS: Fam = fam! {
    brands: ["Fiskars", "True Temper", "Ames", "Razor-Back", "Radius Garden", "Corona", "Bully Tools"],
    show: [ax!("Handle", ["Wood Handle", "Fiberglass Handle", "Steel Handle", "D-Grip Handle"])],
    extra: [ax!("Material", ["Steel", "Forged Steel", "Stainless Steel", "Aluminum"]), ax!("Overall Length", ["16 in", "36 in", "48 in", "54 in", "60 in"])],
    price: (9, 80), flags: 0,
    about: ["is balanced for comfortable all-day digging", "is built from tough steel for years of yard work"],
};
static PLANTERS: Fam = fam! {
    brands: ["Bloem", "Southern Patio", "Novelty", "Suncast", "Storefront Farm & Home", "Good Directions"],
    show: [ax!("Diameter", ["6 in", "8 in", "10 in", "12 in", "16 in", "20 in", "24 in"]), ax!("Color", ["Terra Cotta", "Black", "White", "Charcoal", "Green", "Blue"])],
    extra: [ax!("Material", ["Plastic", "Resin", "Ceramic", "Galvanized Steel", "Wood"])],
    price: (3, 90), flags: SZ,
    about: ["adds color to porches and patios", "has drainage holes to keep roots healthy"],
};
static HOSE: Fam = fam! {
    brands: ["Gilmour", "Flexzilla", "Swan", "Melnor", "Orbit", "Rain Bird", "Suncast", "Storefront Farm & Home"],
    show: [ax!("Length", ["25 ft", "50 ft", "75 ft", "100 ft", "150 ft"])],
    extra: [ax!("Diameter", ["1/2 in", "5/8 in", "3/4 in"]), ax!("Color", ["Green", "Black", "Blue", "Gray"])],
    price: (8, 140), flags: SZ,
    about: ["resists kinks and cracks in every season", "delivers steady water pressure across the yard"],
};
static GRILL: Fam = fam! {
    brands: ["Weber", "Traeger", "Pit Boss", "Char-Broil", "Camp Chef", "Nexgrill", "Blackstone"],
    show: [ax!("Cooking Area", ["360 sq in", "450 sq in", "530 sq in", "700 sq in", "820 sq in", "1,000 sq in"])],
    extra: [ax!("Fuel Type", ["Propane", "Wood Pellet", "Charcoal"]), ax!("Color", ["Black", "Stainless", "Bronze"])],
    price: (90, 1200), flags: NS | WR | SZ,
    about: ["cooks evenly from edge to edge", "makes backyard barbecue easy from weeknights to tailgates"],
};
static GRILL_ACC: Fam = fam! {
    brands: ["Weber", "Traeger", "Pit Boss", "Kingsford", "Char-Broil", "Lodge", "Bear Mountain"],
    show: [ax!("Size", ["1 pack", "2 pack", "20 lb", "40 lb", "Standard", "Large"])],
    extra: [ax!("Material", ["Stainless Steel", "Cast Iron", "Hardwood", "Polyester"])],
    price: (5, 70), flags: 0,
    about: ["makes grilling easier and cleanup faster", "is made for serious backyard cooks"],
};

static LAWN: Top = top!(3, "Lawn & Garden", slug: None, banner: Some("/lawn-garden/grass-seed-fertilizer/"), [
    sub!("Grass Seed & Fertilizer", [
        leaf!("Grass Seed", GRASS_SEED, 8, ["Sun & Shade Grass Seed Mix", "Kentucky Bluegrass Seed", "Tall Fescue Grass Seed", "Perennial Ryegrass Seed", "Pasture Grass Mix", "EZ Seed Patch & Repair"]),
        leaf!("Lawn Fertilizer", FERTILIZER, 8, ["Lawn Food", "Weed & Feed", "Starter Lawn Fertilizer", "Slow Release Nitrogen Fertilizer", "All-Purpose Garden Fertilizer", "Fall Lawn Food"]),
        leaf!("Weed Control", LAWN_CHEM, 3, ["Weed & Grass Killer", "Crabgrass Preventer", "Lawn Weed Killer", "Brush Killer", "Preen|Garden Weed Preventer"]),
    ]),
    sub!("Garden Supplies", [
        leaf!("Soil & Mulch", SOIL, 7, ["Potting Mix", "Garden Soil", "Topsoil", "Cedar Mulch", "Red Mulch", "Sphagnum Peat Moss", "Seed Starting Mix"]),
        leaf!("Planters & Pots", PLANTERS, 6, ["Round Planter", "Self-Watering Planter", "Window Box", "Hanging Basket", "Rectangular Planter"]),
        leaf!("Garden Tools", GARDEN_TOOLS, 7, ["Round Point Shovel", "Garden Hoe", "Bow Rake", "Leaf Rake", "Pruning Shears", "Hand Trowel", "Digging Fork", "Post Hole Digger"]),
    ]),
    sub!("Watering", [
        leaf!("Garden Hoses", HOSE, 7, ["Premium Rubber Garden Hose", "Hybrid Garden Hose", "Soaker Hose", "Lightweight Garden Hose", "Heavy Duty Farm Hose"]),
        leaf!("Sprinklers & Nozzles", HOSE, 5, ["Oscillating Sprinkler", "Impulse Sprinkler", "Pistol Grip Nozzle", "Watering Wand", "Traveling Sprinkler", "Hose Reel Cart"]),
    ]),
    sub!("Pest Control", [
        leaf!("Insect Control", LAWN_CHEM, 3, ["Insect Killer Granules", "Sevin|Insect Killer Concentrate", "Japanese Beetle Trap", "Mosquito Barrier Spray"]),
        leaf!("Animal Repellents", LAWN_CHEM, 2, ["Deer & Rabbit Repellent", "Mole & Vole Repellent Granules", "Tomcat|Rodent Bait Chunx", "Snake Repellent"]),
    ]),
    sub!("Grills & Outdoor Cooking", [
        leaf!("Grills & Smokers", GRILL, 5, ["3-Burner Gas Grill", "4-Burner Gas Grill", "Wood Pellet Grill", "Charcoal Kettle Grill", "Flat Top Griddle", "Vertical Smoker"]),
        leaf!("Grill Accessories & Fuel", GRILL_ACC, 6, ["Grill Cover", "Grill Brush", "Hardwood Pellets", "Charcoal Briquets", "Grill Tool Set", "Cast Iron Skillet Griddle"]),
    ]),
]);

// ───────────────────────────── Hunting ─────────────────────────────

static AMMO: Fam = fam! {
    brands: ["Winchester", "Federal", "Remington", "Hornady", "CCI", "Fiocchi", "PMC", "Browning"],
    show: [ax!("Quantity", ["20 Rounds", "50 Rounds", "100 Rounds", "250 Rounds"])],
    extra: [ax!("Casing", ["Brass", "Brass", "Steel", "Nickel-Plated Brass"]), MADE_USA],
    price: (12, 160), flags: NS | CF | CH | SZ,
    about: ["delivers consistent, reliable performance shot after shot", "is loaded to tight tolerances for accuracy", "is sold only to customers of legal age"],
};
static SHOTSHELL: Fam = fam! {
    brands: ["Winchester", "Federal", "Remington", "Fiocchi", "Kent", "Browning", "Estate"],
    show: [ax!("Quantity", ["5 Rounds", "10 Rounds", "25 Rounds", "100 Rounds", "250 Rounds"])],
    extra: [ax!("Shell Length", ["2-3/4 in", "3 in", "3-1/2 in"]), MADE_USA],
    price: (6, 110), flags: NS | CF | CH | SZ,
    about: ["patterns consistently for clean, ethical shots", "is sold only to customers of legal age"],
};
static RIMFIRE: Fam = fam! {
    brands: ["CCI", "Federal", "Winchester", "Remington", "Hornady", "Aguila"],
    show: [ax!("Quantity", ["50 Rounds", "100 Rounds", "325 Rounds", "500 Rounds"])],
    extra: [ax!("Casing", ["Brass", "Nickel-Plated Brass"]), MADE_USA],
    price: (6, 70), flags: NS | CF | CH | SZ,
    about: ["is dependable for plinking, training and small game", "is sold only to customers of legal age"],
};
static KNIVES: Fam = fam! {
    brands: ["Buck Knives", "Gerber", "Case", "Kershaw", "Old Timer", "Schrade", "Outdoor Edge", "Havalon", "Benchmade"],
    show: [ax!("Blade Length", ["2.5 in", "3 in", "3.25 in", "3.5 in", "3.75 in", "4 in", "4.5 in", "5 in"])],
    extra: [ax!("Blade Material", ["420HC Stainless Steel", "7Cr17MoV Steel", "Carbon Steel", "S30V Steel", "440A Stainless Steel"]), ax!("Handle Material", ["Wood", "G-10", "Rubber", "Aluminum", "Bone", "Glass-Filled Nylon"])],
    price: (10, 220), flags: CF,
    about: ["holds a keen edge through field dressing and camp chores", "is sold only to customers 18 and older"],
};
static MULTITOOL: Fam = fam! {
    brands: ["Leatherman", "Gerber", "SOG", "Victorinox"],
    show: [ax!("Color", ["Stainless", "Black", "Coyote"])],
    extra: [ax!("Number of Tools", ["12", "14", "16", "18", "21"])],
    price: (25, 180), flags: 0,
    about: ["puts a full toolbox in your pocket", "is backed by a long manufacturer warranty"],
};
static HUNT_ELEC: Fam = fam! {
    brands: ["Moultrie", "Stealth Cam", "Bushnell", "Spypoint", "Tactacam", "Wildgame Innovations"],
    show: [ax!("Resolution", ["16 MP", "20 MP", "24 MP", "32 MP", "36 MP"])],
    extra: [ax!("Connectivity", ["None", "Cellular", "Wi-Fi"]), ax!("Power", ["8 AA Batteries", "Rechargeable Lithium", "12V"])],
    price: (40, 380), flags: WR,
    about: ["captures crisp photos and video day and night", "helps you pattern deer before the season opens"],
};
static HUNT_GEAR: Fam = fam! {
    brands: ["Hunter Safety System", "Summit", "Millennium", "Ameristep", "Primos", "Hunters Specialties", "Tink's", "Scent Killer", "Rhino Blinds", "Muddy"],
    show: [ax!("Pattern", ["Realtree Edge", "Mossy Oak Break-Up Country", "Realtree Xtra", "Mossy Oak Bottomland", "Solid Brown"])],
    extra: [ax!("Material", ["Steel", "Aluminum", "Polyester", "Plastic"]), ax!("Weight", ["0.5 lb", "4 lb", "12 lb", "18 lb", "28 lb"])],
    price: (6, 380), flags: 0,
    about: ["helps you stay concealed and comfortable all season", "is built for serious whitetail hunters"],
};
static OPTICS: Fam = fam! {
    brands: ["Vortex", "Bushnell", "Leupold", "Nikon", "Burris", "Simmons", "Sig Sauer"],
    show: [ax!("Magnification", ["3-9x40", "4-12x40", "4-16x44", "10x42", "8x32", "6x"])],
    extra: [ax!("Reticle", ["Duplex", "BDC", "Dead-Hold BDC", "Mil-Dot", "N/A"]), ax!("Waterproof", ["Yes"])],
    price: (60, 700), flags: WR,
    about: ["delivers bright, clear views from dawn to dusk", "is waterproof and fogproof for any weather"],
};
static ARCHERY: Fam = fam! {
    brands: ["Barnett", "Ravin", "Ten Point", "Bear Archery", "Easton", "Rage", "Muzzy", "Block Targets", "Rinehart"],
    show: [ax!("Pack", ["Single", "3 Pack", "6 Pack", "12 Pack"])],
    extra: [ax!("Material", ["Carbon", "Aluminum", "Foam", "Steel"])],
    price: (15, 900), flags: 0,
    about: ["shoots flat and fast for confident shots", "is tested for the toughest hunting conditions"],
};
static GUN_SAFE: Fam = fam! {
    brands: ["Cannon Safe", "Stack-On", "SentrySafe", "Liberty Safe", "Plano", "Allen Company", "Hoppe's", "Otis"],
    show: [ax!("Capacity", ["1 Gun", "2 Gun", "8 Gun", "14 Gun", "24 Gun", "36 Gun"])],
    extra: [ax!("Lock Type", ["Electronic", "Combination", "Key", "Biometric"]), ax!("Color", ["Black", "Gray", "Green"])],
    price: (15, 2200), flags: NS | SZ | WR,
    about: ["keeps firearms secure and out of the wrong hands", "protects valuables from fire and theft"],
};

static HUNT: Top = top!(4, "Hunting", slug: None, banner: Some("/hunting/ammunition/"), [
    sub!("Ammunition", [
        leaf!("Rifle Ammunition", AMMO, 6, [
            ".30-06 Springfield 150 gr Soft Point Rifle Ammunition", ".270 Winchester 130 gr Power-Point Rifle Ammunition",
            "6.5 Creedmoor 140 gr ELD-X Rifle Ammunition", ".308 Winchester 150 gr Soft Point Rifle Ammunition",
            ".223 Remington 55 gr FMJ Rifle Ammunition", ".243 Winchester 100 gr Soft Point Rifle Ammunition",
            "350 Legend 180 gr Soft Point Rifle Ammunition", "7mm-08 Remington 140 gr Rifle Ammunition",
        ]),
        leaf!("Handgun Ammunition", AMMO, 5, [
            "9mm Luger 115 gr FMJ Handgun Ammunition", ".45 ACP 230 gr FMJ Handgun Ammunition", ".380 ACP 95 gr FMJ Handgun Ammunition",
            ".40 S&W 180 gr JHP Handgun Ammunition", ".38 Special 130 gr FMJ Handgun Ammunition", "10mm Auto 180 gr JHP Handgun Ammunition",
            ".357 Magnum 158 gr JSP Handgun Ammunition",
        ]),
        leaf!("Shotgun Shells", SHOTSHELL, 5, [
            "12 Gauge #8 Target Loads", "12 Gauge 1 oz Rifled Slugs", "20 Gauge #6 Game Loads", "12 Gauge 00 Buckshot",
            "12 Gauge #4 Steel Waterfowl Loads", ".410 Bore #7.5 Game Loads", "20 Gauge 3/4 oz Rifled Slugs",
        ]),
        leaf!("Rimfire Ammunition", RIMFIRE, 4, [
            ".22 LR 40 gr Round Nose Ammunition", ".22 LR 36 gr Copper-Plated HP Ammunition", ".22 WMR 40 gr JHP Ammunition",
            ".17 HMR 17 gr V-Max Ammunition",
        ]),
    ]),
    sub!("Knives & Multi-Tools", [
        leaf!("Fixed Blade Knives", KNIVES, 4, ["Fixed Blade Hunting Knife", "Skinning Knife", "Gut Hook Hunting Knife", "Buck Knives|119 Special Fixed Blade Knife", "Bushcraft Knife"]),
        leaf!("Folding Knives", KNIVES, 5, ["Lockback Folding Knife", "Assisted Opening Pocket Knife", "Buck Knives|110 Folding Hunter Knife", "Case|Trapper Pocket Knife", "Replaceable Blade Folding Knife", "Stockman Pocket Knife"]),
        leaf!("Multi-Tools", MULTITOOL, 4, ["Leatherman|Wave+ Multi-Tool", "Leatherman|Rebar Multi-Tool", "Leatherman|Wingman Multi-Tool", "Gerber|Suspension-NXT Multi-Tool", "SOG|PowerAccess Multi-Tool"]),
    ]),
    sub!("Hunting Gear", [
        leaf!("Game Cameras", HUNT_ELEC, 6, ["Trail Camera", "Cellular Trail Camera", "Trail Camera Combo Kit", "No-Glow Trail Camera"]),
        leaf!("Tree Stands & Blinds", HUNT_GEAR, 6, ["Hang-On Tree Stand", "Ladder Stand", "Climbing Tree Stand", "Ground Blind", "Tree Stand Safety Harness", "Hub Blind"]),
        leaf!("Game Calls & Scents", HUNT_GEAR, 6, ["Grunt Tube Deer Call", "Rattle Bag", "Box Turkey Call", "Doe Estrus Scent", "Scent Elimination Spray", "Mouth Turkey Call"]),
        leaf!("Decoys", HUNT_GEAR, 4, ["Mallard Duck Decoys", "Canada Goose Decoys", "Hen Turkey Decoy", "Whitetail Deer Decoy"]),
    ]),
    sub!("Optics", [
        leaf!("Rifle Scopes", OPTICS, 5, ["Riflescope", "Crossfire II Riflescope", "Banner Riflescope", "VX-Freedom Riflescope", "Scope Combo with Rings"]),
        leaf!("Binoculars & Rangefinders", OPTICS, 5, ["Roof Prism Binoculars", "Compact Binoculars", "Laser Rangefinder", "Bow Hunting Rangefinder"]),
    ]),
    sub!("Archery", [
        leaf!("Crossbows & Bows", ARCHERY, 4, ["Crossbow Package", "Compound Bow Package", "Youth Compound Bow", "Recurve Bow"]),
        leaf!("Arrows, Bolts & Broadheads", ARCHERY, 5, ["Carbon Arrows", "Crossbow Bolts", "Mechanical Broadheads", "Fixed Blade Broadheads", "Field Points"]),
        leaf!("Archery Targets", ARCHERY, 3, ["Bag Target", "3D Deer Target", "Block Target", "Broadhead Target Cube"]),
    ]),
    sub!("Gun Safes & Accessories", [
        leaf!("Gun Safes", GUN_SAFE, 4, ["Fire-Resistant Gun Safe", "Security Cabinet", "Handgun Vault", "Biometric Pistol Safe"]),
        leaf!("Gun Cases & Cleaning", GUN_SAFE, 5, ["Hard Rifle Case", "Soft Rifle Case", "Universal Gun Cleaning Kit", "Gun Oil", "Bore Snake", "Pistol Case"]),
    ]),
]);

// ───────────────────────────── Fishing ─────────────────────────────

static RODS: Fam = fam! {
    brands: ["Ugly Stik", "St. Croix", "Abu Garcia", "Shakespeare", "Lew's", "Pflueger", "Zebco", "Daiwa", "Fenwick", "Frabill"],
    show: [ax!("Length", ["4 ft 6 in", "5 ft 6 in", "6 ft", "6 ft 6 in", "7 ft", "7 ft 6 in"]), ax!("Power", ["Light", "Medium Light", "Medium", "Medium Heavy"])],
    extra: [ax!("Pieces", ["1", "2"]), ax!("Material", ["Graphite", "Fiberglass", "Graphite/Fiberglass Composite"])],
    price: (15, 350), flags: 0,
    about: ["is sensitive enough to feel light bites", "handles walleye, bass and panfish with ease"],
};
static TACKLE: Fam = fam! {
    brands: ["Rapala", "Berkley", "Strike King", "Mepps", "Johnson", "Northland", "Eagle Claw", "Zoom", "Yum", "Bass Pro"],
    show: [ax!("Color", ["Firetiger", "Perch", "Chartreuse", "Black/Blue", "White", "Green Pumpkin", "Silver", "Gold", "Watermelon"]), ax!("Size", ["1/16 oz", "1/8 oz", "1/4 oz", "3/8 oz", "1/2 oz", "#5", "#7", "#9"])],
    extra: [ax!("Water Type", ["Freshwater"]), ax!("Pack", ["1", "2", "5", "10", "20"])],
    price: (2, 25), flags: 0,
    about: ["triggers strikes from lazy fish", "has a proven action anglers trust"],
};
static LINE: Fam = fam! {
    brands: ["Berkley", "Stren", "PowerPro", "Sufix", "Spiderwire", "Seaguar"],
    show: [ax!("Test", ["4 lb", "6 lb", "8 lb", "10 lb", "12 lb", "20 lb", "30 lb", "50 lb"])],
    extra: [ax!("Length", ["110 yd", "150 yd", "300 yd", "330 yd"]), ax!("Color", ["Clear", "Low-Vis Green", "Hi-Vis Yellow", "Moss Green"])],
    price: (4, 40), flags: 0,
    about: ["casts smoothly and resists abrasion", "offers low memory and strong knots"],
};
static ICE: Fam = fam! {
    brands: ["Eskimo", "Clam", "StrikeMaster", "Frabill", "HT Enterprises", "Ion", "Otter Outdoors"],
    show: [ax!("Size", ["6 in", "8 in", "10 in", "1-Person", "2-Person", "4-Person"])],
    extra: [ax!("Power Source", ["Gas", "Battery", "Manual", "N/A"]), ax!("Color", ["Red", "Blue", "Black", "Gray"])],
    price: (10, 900), flags: WR,
    about: ["is built for long days on hard water", "sets up fast when the bite is on"],
};
static BOATING: Fam = fam! {
    brands: ["Onyx", "Stearns", "Seachoice", "Attwood", "Minn Kota", "MotorGuide", "Airhead"],
    show: [ax!("Size", ["Child", "Youth", "Adult Universal", "S/M", "L/XL", "2XL/3XL"])],
    extra: [ax!("Color", ["Red", "Orange", "Blue", "Black", "Yellow"]), ax!("USCG Approved", ["Yes", "N/A"])],
    price: (8, 700), flags: 0,
    about: ["is made for safe days on lakes and rivers", "is dependable on the water season after season"],
};

static FISH: Top = top!(5, "Fishing", slug: None, banner: None, [
    sub!("Rods & Reels", [
        leaf!("Spinning Combos", RODS, 7, ["Spinning Rod & Reel Combo", "Ugly Stik|GX2 Spinning Combo", "Ultralight Spinning Combo", "Youth Spincast Combo", "Telescopic Spinning Combo"]),
        leaf!("Fishing Rods", RODS, 5, ["Spinning Rod", "Casting Rod", "Walleye Rod", "Panfish Rod", "Catfish Rod"]),
        leaf!("Fishing Reels", RODS, 5, ["Spinning Reel", "Baitcasting Reel", "Spincast Reel", "Line Counter Reel"]),
    ]),
    sub!("Tackle", [
        leaf!("Lures", TACKLE, 8, ["Crankbait", "Jerkbait", "Spinnerbait", "Inline Spinner", "Jig", "Soft Plastic Worms", "Topwater Lure", "Spoon"]),
        leaf!("Fishing Line", LINE, 5, ["Monofilament Fishing Line", "Braided Fishing Line", "Fluorocarbon Fishing Line", "Trilene XL Fishing Line"]),
        leaf!("Hooks & Terminal Tackle", TACKLE, 5, ["Octopus Hooks", "Bobbers Assortment", "Split Shot Sinkers", "Snap Swivels", "Slip Sinker Rig", "Walleye Spinner Rig"]),
        leaf!("Tackle Storage", BOATING, 3, ["Tackle Box", "Tackle Bag", "Utility Box"]),
    ]),
    sub!("Ice Fishing", [
        leaf!("Ice Augers", ICE, 4, ["Gas Ice Auger", "Electric Ice Auger", "Hand Ice Auger", "Auger Drill Adapter"]),
        leaf!("Ice Shelters", ICE, 4, ["Hub Ice Shelter", "Flip-Over Ice Shelter", "Ice Fishing Sled", "Thermal Hub Shelter"]),
        leaf!("Tip-Ups & Ice Tackle", TACKLE, 4, ["Tip-Up", "Ice Fishing Jig", "Ice Fishing Rod", "Ice Scoop", "Jigging Spoon"]),
    ]),
    sub!("Boating", [
        leaf!("Life Jackets", BOATING, 4, ["Life Jacket", "Inflatable Life Vest", "Fishing Life Vest", "Type II Life Vest"]),
        leaf!("Marine Accessories", BOATING, 4, ["Boat Anchor", "Dock Line", "Bilge Pump", "Boat Fender", "Trolling Motor"]),
    ]),
]);

// ───────────────────────────── Clothing ─────────────────────────────

static WORK_PANTS: Fam = fam! {
    brands: ["Carhartt", "Dickies", "Berne", "Wrangler", "Key", "Walls", "Storefront Farm & Home"],
    show: [WORK_COLOR, ax!("Size", ["30x30", "32x30", "32x32", "34x30", "34x32", "36x30", "36x32", "38x30", "38x32", "40x30", "42x30", "44x30"])],
    extra: [COTTON, ax!("Fit", ["Loose Fit", "Relaxed Fit", "Regular Fit"])],
    price: (25, 120), flags: 0,
    about: ["is made with tough fabric and triple-stitched seams", "stands up to hard work on the farm and job site", "gives you room to move without bulk"],
};
static MEN_TOPS: Fam = fam! {
    brands: ["Carhartt", "Wrangler", "Dickies", "Columbia", "Berne", "Ariat", "Key", "Storefront Farm & Home", "Hanes"],
    show: [CASUAL_COLOR, MEN_SIZE],
    extra: [COTTON, ax!("Sleeve Length", ["Short Sleeve", "Long Sleeve"])],
    price: (10, 70), flags: 0,
    about: ["is soft, durable and ready for everyday wear", "keeps its shape wash after wash"],
};
static MEN_COATS: Fam = fam! {
    brands: ["Carhartt", "Berne", "Columbia", "Walls", "Dickies", "Wrangler", "Storefront Farm & Home"],
    show: [WORK_COLOR, MEN_SIZE],
    extra: [ax!("Insulation", ["Quilted Flannel Lined", "Sherpa Lined", "Arctic Quilt Lined", "Unlined"]), COTTON],
    price: (35, 220), flags: 0,
    about: ["keeps you warm on cold mornings and long chore days", "blocks wind and sheds light rain"],
};
static JEANS: Fam = fam! {
    brands: ["Wrangler", "Levi's", "Lee", "Carhartt", "Ariat", "Cinch", "Storefront Farm & Home"],
    show: [ax!("Wash", ["Rigid", "Stonewash", "Dark Stone", "Antique Wash", "Prewashed Indigo"]), ax!("Size", ["30x30", "32x30", "32x32", "33x32", "34x30", "34x32", "34x34", "36x32", "38x30", "40x30"])],
    extra: [ax!("Fit", ["Regular Fit", "Relaxed Fit", "Slim Fit", "Original Fit"]), COTTON],
    price: (20, 85), flags: 0,
    about: ["is cut from heavyweight denim that wears in, not out", "fits right over boots"],
};
static WOMEN_TOPS: Fam = fam! {
    brands: ["Carhartt", "Columbia", "Wrangler", "Ariat", "Berne", "Storefront Farm & Home", "Hanes", "Cruel Girl"],
    show: [WOMEN_COLOR, WOMEN_SIZE],
    extra: [COTTON],
    price: (10, 80), flags: 0,
    about: ["is comfortable enough for every day and tough enough for chores", "has a flattering fit that moves with you"],
};
static WOMEN_COATS: Fam = fam! {
    brands: ["Carhartt", "Columbia", "Berne", "Ariat", "Storefront Farm & Home"],
    show: [WOMEN_COLOR, WOMEN_SIZE],
    extra: [ax!("Insulation", ["Sherpa Lined", "Quilted Lined", "Synthetic Down", "Fleece Lined"])],
    price: (35, 200), flags: 0,
    about: ["keeps the cold out without weighing you down", "is water-repellent for messy days in the barn"],
};
static WOMEN_JEANS: Fam = fam! {
    brands: ["Wrangler", "Levi's", "Lee", "Ariat", "Carhartt", "Storefront Farm & Home"],
    show: [ax!("Wash", ["Medium Wash", "Dark Wash", "Light Wash", "Black"]), ax!("Size", ["4", "6", "8", "10", "12", "14", "16", "18"])],
    extra: [ax!("Length", ["Short", "Regular", "Long"]), ax!("Fit", ["Bootcut", "Straight Leg", "Skinny", "Relaxed"])],
    price: (20, 90), flags: 0,
    about: ["has just the right stretch for all-day comfort", "is made to move from the barn to town"],
};
static KIDS_CLOTHES: Fam = fam! {
    brands: ["Carhartt", "Wrangler", "Columbia", "Storefront Farm & Home", "Hanes", "Berne"],
    show: [CASUAL_COLOR, KID_SIZE],
    extra: [COTTON],
    price: (8, 70), flags: 0,
    about: ["is built to survive recess, chores and everything in between", "is soft, warm and easy to wash"],
};
static HIVIS: Fam = fam! {
    brands: ["Carhartt", "Berne", "Radians", "Ergodyne", "ML Kishigo", "Storefront Farm & Home"],
    show: [ax!("Color", ["Hi-Vis Yellow", "Hi-Vis Orange", "Hi-Vis Lime"]), MEN_SIZE],
    extra: [ax!("ANSI Class", ["Class 2", "Class 3"])],
    price: (10, 150), flags: 0,
    about: ["keeps you visible on roadsides and job sites", "meets ANSI/ISEA high-visibility standards"],
};
static GLOVES: Fam = fam! {
    brands: ["Wells Lamont", "Mechanix Wear", "Carhartt", "Kinco", "Ironclad", "Storefront Farm & Home", "Firm Grip"],
    show: [ax!("Size", ["S", "M", "L", "XL", "2XL"])],
    extra: [ax!("Material", ["Cowhide Leather", "Goatskin Leather", "Synthetic Leather", "Nitrile-Coated Nylon", "Pigskin Leather"]), ax!("Lined", ["Yes", "No"])],
    price: (4, 45), flags: 0,
    about: ["protects your hands through fencing, hauling and shop work", "gives a sure grip without losing dexterity"],
};
static ACCESSORIES: Fam = fam! {
    brands: ["Carhartt", "Columbia", "Wigwam", "Darn Tough", "Storefront Farm & Home", "Outdoor Cap", "Dickies"],
    show: [CASUAL_COLOR, ax!("Size", ["One Size", "S/M", "L/XL", "M (Shoe 6-9)", "L (Shoe 9-12)"])],
    extra: [ax!("Material", ["Acrylic", "Merino Wool Blend", "Cotton/Polyester", "Fleece"])],
    price: (5, 40), flags: 0,
    about: ["finishes off any outfit with comfort and style", "is warm, breathable and made to last"],
};

static CLOTHING: Top = top!(6, "Clothing", slug: None, banner: Some("/clothing/workwear/"), [
    sub!("Men's Clothing", [
        leaf!("Men's Work Pants & Bibs", WORK_PANTS, 8, [
            "Carhartt|Men's Loose Fit Duck Bib Overalls", "Carhartt|Men's Rugged Flex Relaxed Fit Canvas Work Pants",
            "Men's Insulated Bib Overalls", "Men's Double Front Work Pants", "Men's Carpenter Pants", "Dickies|Men's 874 Original Fit Work Pants",
            "Men's Flex Cargo Work Pants", "Men's Unlined Duck Bib Overalls",
        ]),
        leaf!("Men's Shirts", MEN_TOPS, 8, [
            "Men's Pocket T-Shirt", "Men's Long Sleeve Flannel Shirt", "Men's Henley", "Men's Work Shirt", "Men's Snap Western Shirt",
            "Men's Chambray Shirt", "Carhartt|Men's Loose Fit Heavyweight Pocket T-Shirt",
        ]),
        leaf!("Men's Jackets & Coats", MEN_COATS, 7, [
            "Carhartt|Men's Duck Active Jacket", "Carhartt|Men's Duck Detroit Jacket", "Men's Insulated Chore Coat",
            "Men's Sherpa Lined Vest", "Men's Softshell Jacket", "Men's Flannel Shirt Jacket", "Men's Insulated Coveralls",
        ]),
        leaf!("Men's Jeans", JEANS, 7, [
            "Wrangler|Men's Cowboy Cut Original Fit Jeans", "Levi's|Men's 505 Regular Fit Jeans", "Men's Relaxed Fit Jeans",
            "Men's Carpenter Jeans", "Men's Bootcut Jeans", "Wrangler|Men's 20X Competition Jeans",
        ]),
        leaf!("Men's Hoodies & Sweatshirts", MEN_TOPS, 6, [
            "Carhartt|Men's Loose Fit Midweight Hooded Sweatshirt", "Men's Thermal Lined Hoodie", "Men's Crewneck Sweatshirt",
            "Men's Quarter-Zip Sweatshirt", "Men's Full-Zip Hoodie",
        ]),
    ]),
    sub!("Women's Clothing", [
        leaf!("Women's Tops", WOMEN_TOPS, 6, ["Women's Flannel Shirt", "Women's V-Neck T-Shirt", "Women's Graphic Tee", "Women's Henley", "Women's Hooded Sweatshirt", "Women's Tunic"]),
        leaf!("Women's Jackets & Coats", WOMEN_COATS, 5, ["Women's Insulated Jacket", "Women's Sherpa Lined Vest", "Women's Puffer Jacket", "Women's Chore Coat", "Women's Fleece Jacket"]),
        leaf!("Women's Jeans & Pants", WOMEN_JEANS, 5, ["Women's Mid-Rise Bootcut Jeans", "Women's High-Rise Straight Jeans", "Women's Work Pants", "Women's Stretch Jeans", "Women's Leggings"]),
    ]),
    sub!("Kids' Clothing", [
        leaf!("Boys' Clothing", KIDS_CLOTHES, 5, ["Boys' Graphic T-Shirt", "Boys' Flannel Shirt", "Boys' Hooded Sweatshirt", "Boys' Insulated Bib Overalls", "Boys' Jeans"]),
        leaf!("Girls' Clothing", KIDS_CLOTHES, 5, ["Girls' Graphic T-Shirt", "Girls' Flannel Shirt", "Girls' Hooded Sweatshirt", "Girls' Leggings", "Girls' Puffer Jacket"]),
    ]),
    sub!("Workwear", [
        leaf!("Coveralls", WORK_PANTS, 4, ["Men's Insulated Coveralls", "Men's Duck Coveralls", "Men's Short Sleeve Coveralls", "Men's Unlined Coveralls"]),
        leaf!("Hi-Visibility Workwear", HIVIS, 3, ["Hi-Vis Safety Vest", "Hi-Vis T-Shirt", "Hi-Vis Rain Jacket", "Hi-Vis Bomber Jacket"]),
        leaf!("Work Gloves", GLOVES, 6, ["Leather Work Gloves", "Insulated Work Gloves", "Nitrile Dipped Gloves", "Mechanic Gloves", "Driver Gloves"]),
    ]),
    sub!("Accessories", [
        leaf!("Hats & Caps", ACCESSORIES, 5, ["Knit Cuffed Beanie", "Mesh Back Cap", "Trucker Hat", "Canvas Cap", "Bomber Hat"]),
        leaf!("Socks", ACCESSORIES, 5, ["Merino Wool Boot Socks", "Crew Work Socks, 6 Pack", "Heavyweight Boot Socks", "Cushioned Crew Socks", "Thermal Socks"]),
    ]),
]);

// ───────────────────────────── Footwear ─────────────────────────────

static MEN_BOOTS: Fam = fam! {
    brands: ["Irish Setter", "Wolverine", "Keen Utility", "Timberland PRO", "Ariat", "Justin", "Muck Boot", "LaCrosse", "Carhartt", "Rocky", "Twisted X", "Red Wing"],
    show: [MEN_SHOE, SHOE_WIDTH],
    extra: [ax!("Toe Type", ["Soft Toe", "Steel Toe", "Composite Toe", "Alloy Toe"]), ax!("Waterproof", ["Yes", "No"])],
    price: (50, 260), flags: 0,
    about: ["is built for long days on concrete, gravel and mud", "keeps feet dry and supported from first chore to last"],
};
static WOMEN_BOOTS: Fam = fam! {
    brands: ["Ariat", "Muck Boot", "Bogs", "Justin", "Carhartt", "Twisted X", "Skechers", "Columbia", "Sorel"],
    show: [WOMEN_SHOE, ax!("Width", ["Medium", "Medium", "Wide"])],
    extra: [ax!("Waterproof", ["Yes", "No"]), ax!("Color", ["Black", "Brown", "Tan", "Gray", "Distressed Brown"])],
    price: (35, 230), flags: 0,
    about: ["pairs everyday comfort with real work performance", "is lightweight, supportive and ready for any weather"],
};
static KIDS_SHOES: Fam = fam! {
    brands: ["Muck Boot", "Bogs", "Ariat", "Skechers", "Western Chief", "Twisted X"],
    show: [ax!("Size", ["Toddler 7", "Toddler 9", "Toddler 11", "Youth 1", "Youth 2", "Youth 3", "Youth 4", "Youth 5"])],
    extra: [ax!("Color", ["Black", "Pink", "Blue", "Camo", "Brown"])],
    price: (20, 100), flags: 0,
    about: ["is easy for kids to pull on and built to handle puddles", "keeps little feet warm and dry"],
};
static SLIPPERS: Fam = fam! {
    brands: ["Minnetonka", "Dearfoams", "Crocs", "Skechers", "Storefront Farm & Home", "Haflinger"],
    show: [ax!("Size", ["S (5-6)", "M (7-8)", "L (9-10)", "XL (11-12)", "2XL (13-14)"]), ax!("Color", ["Black", "Brown", "Gray", "Navy", "Tan"])],
    extra: [ax!("Material", ["Suede", "Fleece", "Wool", "EVA Foam"])],
    price: (12, 80), flags: 0,
    about: ["is cozy enough for Sunday mornings", "has a sturdy sole for quick trips outside"],
};

static FOOTWEAR: Top = top!(7, "Footwear", slug: None, banner: None, [
    sub!("Men's Footwear", [
        leaf!("Men's Work Boots", MEN_BOOTS, 9, [
            "Men's 6 in Waterproof Work Boots", "Men's 8 in Steel Toe Work Boots", "Men's Wellington Work Boots", "Men's Logger Boots",
            "Men's Insulated Pac Boots", "Irish Setter|Men's Ramsey 2.0 6 in Work Boots", "Men's Romeo Slip-On Work Shoes",
        ]),
        leaf!("Men's Western Boots", MEN_BOOTS, 6, ["Men's Square Toe Western Boots", "Men's Roper Boots", "Men's Cowboy Boots", "Ariat|Men's Heritage Roper Western Boots"]),
        leaf!("Men's Rubber Boots", MEN_BOOTS, 6, ["Muck Boot|Men's Chore Classic Tall Boots", "Men's Rubber Knee Boots", "Men's Insulated Rubber Boots", "LaCrosse|Men's Alphaburly Pro Hunting Boots", "Men's Rubber Chore Boots"]),
        leaf!("Men's Casual Shoes", MEN_BOOTS, 4, ["Men's Moc Toe Casual Shoes", "Men's Slip-On Casual Shoes", "Men's Hiking Shoes", "Men's Athletic Shoes"]),
    ]),
    sub!("Women's Footwear", [
        leaf!("Women's Boots", WOMEN_BOOTS, 6, ["Women's Rubber Chore Boots", "Women's Waterproof Hiking Boots", "Women's Winter Snow Boots", "Bogs|Women's Classic Tall Boots", "Women's Work Boots"]),
        leaf!("Women's Western Boots", WOMEN_BOOTS, 4, ["Women's Square Toe Western Boots", "Women's Roper Boots", "Ariat|Women's Fatbaby Heritage Western Boots"]),
        leaf!("Women's Casual Shoes", WOMEN_BOOTS, 4, ["Women's Slip-On Sneakers", "Women's Clogs", "Women's Walking Shoes", "Women's Moccasins"]),
    ]),
    sub!("Kids' Footwear", [
        leaf!("Kids' Boots", KIDS_SHOES, 4, ["Kids' Rubber Boots", "Kids' Snow Boots", "Kids' Western Boots", "Muck Boot|Kids' Hale Boots"]),
        leaf!("Kids' Shoes", KIDS_SHOES, 3, ["Kids' Light-Up Sneakers", "Kids' Athletic Shoes", "Kids' Slip-On Shoes"]),
    ]),
    sub!("Slippers & Sandals", [
        leaf!("Slippers", SLIPPERS, 3, ["Men's Moccasin Slippers", "Women's Fleece Slippers", "Men's Scuff Slippers", "Women's Bootie Slippers"]),
        leaf!("Sandals & Clogs", SLIPPERS, 3, ["Crocs|Classic Clogs", "Slide Sandals", "Sport Sandals", "Garden Clogs"]),
    ]),
]);

// ───────────────────────────── Home ─────────────────────────────

static DECOR: Fam = fam! {
    brands: ["Storefront Farm & Home", "Park Designs", "Yankee Candle", "Mainstays", "Sullivans", "Open Road Brands"],
    show: [ax!("Color", ["Natural", "Black", "White", "Red", "Sage", "Navy", "Rustic Brown"]), ax!("Size", ["Small", "Medium", "Large", "8 in x 10 in", "16 in x 20 in", "24 in x 36 in"])],
    extra: [ax!("Material", ["Wood", "Metal", "Glass", "Soy Wax", "Fabric", "Resin"])],
    price: (6, 120), flags: 0,
    about: ["adds warm farmhouse charm to any room", "makes a great housewarming gift"],
};
static RUGS: Fam = fam! {
    brands: ["Mohawk Home", "Bungalow Flooring", "Achim", "Storefront Farm & Home", "Ottomanson"],
    show: [ax!("Size", ["18 in x 30 in", "2 ft x 3 ft", "3 ft x 5 ft", "5 ft x 7 ft", "8 ft x 10 ft"]), ax!("Color", ["Gray", "Brown", "Black", "Red Plaid", "Navy", "Sage"])],
    extra: [ax!("Material", ["Polypropylene", "Rubber", "Coir", "Nylon"])],
    price: (8, 220), flags: SZ,
    about: ["traps dirt and mud at the door", "adds comfort underfoot and cleans up easily"],
};
static FURNITURE: Fam = fam! {
    brands: ["Storefront Farm & Home", "Polywood", "Adirondack Chair Co.", "Sauder", "Rubbermaid", "Mainstays", "Outsunny"],
    show: [ax!("Color", ["Black", "White", "Natural", "Espresso", "Green", "Red", "Gray"])],
    extra: [ax!("Material", ["Wood", "Steel", "Recycled Plastic", "Resin Wicker", "Aluminum"]), ax!("Assembly Required", ["Yes", "No"])],
    price: (25, 900), flags: NS,
    about: ["is built to take on Midwest weather", "offers comfortable seating for years to come"],
};
static BEDDING: Fam = fam! {
    brands: ["Pendleton", "Woolrich", "Storefront Farm & Home", "Sunbeam", "Martha Stewart", "Better Homes & Gardens"],
    show: [ax!("Size", ["Twin", "Full/Queen", "Queen", "King", "50 in x 60 in", "Bath Towel", "Hand Towel"]), ax!("Color", ["Gray", "Navy", "Red Plaid", "White", "Cream", "Sage", "Buffalo Check"])],
    extra: [ax!("Material", ["Cotton", "Fleece", "Sherpa", "Microfiber", "Wool Blend", "Flannel"])],
    price: (10, 180), flags: 0,
    about: ["is soft, warm and machine washable", "brings cabin comfort to any bedroom"],
};
static STORAGE: Fam = fam! {
    brands: ["Sterilite", "Rubbermaid", "HDX", "Edsal", "Gorilla Rack", "Akro-Mils", "Storefront Farm & Home", "Iris USA"],
    show: [ax!("Capacity", ["6 qt", "18 gal", "27 gal", "45 gal", "4-Shelf", "5-Shelf"])],
    extra: [ax!("Material", ["Plastic", "Steel", "Resin"]), ax!("Color", ["Black", "Gray", "Clear", "Blue"])],
    price: (5, 250), flags: 0,
    about: ["keeps the garage and basement organized", "stacks neatly and stands up to heavy loads"],
};

static HOME: Top = top!(8, "Home", slug: None, banner: None, [
    sub!("Home Decor", [
        leaf!("Wall Decor & Signs", DECOR, 4, ["Farmhouse Metal Sign", "Framed Wall Art", "Wooden Wall Shelf", "Tractor Wall Sign", "Barn Star"]),
        leaf!("Candles & Home Fragrance", DECOR, 5, ["Jar Candle", "Wax Melts", "3-Wick Candle", "Reed Diffuser", "Tumbler Candle"]),
        leaf!("Rugs & Mats", RUGS, 4, ["Doormat", "Boot Tray", "Anti-Fatigue Mat", "Area Rug", "Braided Rug"]),
    ]),
    sub!("Furniture", [
        leaf!("Patio Furniture", FURNITURE, 4, ["Adirondack Chair", "Porch Rocker", "Patio Glider", "Folding Bistro Set", "Patio Bench"]),
        leaf!("Indoor Furniture", FURNITURE, 3, ["Storage Bench", "Bookcase", "Folding Table", "TV Stand", "Bar Stool"]),
    ]),
    sub!("Bedding & Bath", [
        leaf!("Blankets & Throws", BEDDING, 5, ["Sherpa Throw Blanket", "Wool Blanket", "Heated Throw", "Quilt", "Fleece Blanket"]),
        leaf!("Sheets & Towels", BEDDING, 4, ["Flannel Sheet Set", "Microfiber Sheet Set", "Cotton Towel", "Bath Towel Set"]),
    ]),
    sub!("Storage & Organization", [
        leaf!("Storage Bins & Totes", STORAGE, 5, ["Latching Storage Tote", "Heavy Duty Storage Tote", "Clear Storage Bin", "Stackable Storage Box"]),
        leaf!("Shelving & Garage Storage", STORAGE, 4, ["Steel Shelving Unit", "Plastic Shelving Unit", "Wall Mounted Tool Rack", "Garage Storage Cabinet"]),
    ]),
]);

// ───────────────────────────── Kitchen ─────────────────────────────

static COOKWARE: Fam = fam! {
    brands: ["Lodge", "Camp Chef", "Farberware", "T-fal", "Calphalon", "Nordic Ware", "Pyrex", "Granite Ware"],
    show: [ax!("Size", ["6.5 in", "8 in", "10.25 in", "12 in", "13.25 in", "2 qt", "5 qt", "7 qt", "21 qt"])],
    extra: [ax!("Material", ["Cast Iron", "Enameled Cast Iron", "Stainless Steel", "Nonstick Aluminum", "Glass", "Enamel on Steel"]), MADE_ANY],
    price: (8, 180), flags: SZ,
    about: ["heats evenly for perfect results every time", "goes from stovetop to oven to campfire"],
};
static SMALL_APPLIANCE: Fam = fam! {
    brands: ["Crock-Pot", "Hamilton Beach", "Ninja", "Instant Pot", "Presto", "Cuisinart", "Mr. Coffee", "KitchenAid", "Nesco"],
    show: [ax!("Color", ["Black", "Stainless Steel", "White", "Red", "Silver"])],
    extra: [ax!("Wattage", ["700W", "900W", "1,000W", "1,200W", "1,500W"]), ax!("Voltage", ["120V"])],
    price: (20, 400), flags: WR,
    about: ["makes weeknight meals easier", "is easy to clean with dishwasher-safe parts"],
};
static CANNING: Fam = fam! {
    brands: ["Ball", "Kerr", "Presto", "Granite Ware", "Mrs. Wages", "Weston", "LEM", "Storefront Farm & Home"],
    show: [ax!("Size", ["4 oz", "8 oz", "Pint", "Quart", "Half Gallon", "12 ct", "23 qt"])],
    extra: [ax!("Mouth", ["Regular Mouth", "Wide Mouth", "N/A"]), MADE_USA],
    price: (3, 350), flags: 0,
    about: ["helps you put up the harvest for the months ahead", "is trusted by home canners for generations"],
};
static KITCHEN_TOOLS: Fam = fam! {
    brands: ["OXO", "Farberware", "KitchenAid", "Pyrex", "Libbey", "Corelle", "Rubbermaid", "Storefront Farm & Home"],
    show: [ax!("Color", ["Black", "Red", "White", "Stainless", "Turquoise", "Clear"])],
    extra: [ax!("Material", ["Stainless Steel", "Silicone", "Glass", "Stoneware", "Plastic"]), ax!("Dishwasher Safe", ["Yes", "No"])],
    price: (3, 60), flags: 0,
    about: ["is a handy helper for everyday cooking", "is built for years of kitchen use"],
};

static KITCHEN: Top = top!(9, "Kitchen", slug: None, banner: None, [
    sub!("Cookware & Bakeware", [
        leaf!("Cast Iron", COOKWARE, 6, ["Lodge|Cast Iron Skillet", "Lodge|Cast Iron Dutch Oven", "Cast Iron Griddle", "Camp Chef|Cast Iron Deep Skillet", "Lodge|Enameled Dutch Oven"]),
        leaf!("Pots & Pans", COOKWARE, 5, ["Nonstick Fry Pan", "Stainless Steel Saucepan", "Stock Pot", "Roasting Pan", "Granite Ware|Covered Oval Roaster"]),
        leaf!("Bakeware", COOKWARE, 4, ["Glass Baking Dish", "Bundt Pan", "Cookie Sheet", "Muffin Pan", "Pie Plate"]),
    ]),
    sub!("Small Appliances", [
        leaf!("Slow Cookers & Roasters", SMALL_APPLIANCE, 4, ["Programmable Slow Cooker", "Manual Slow Cooker", "Electric Roaster Oven", "Electric Pressure Cooker"]),
        leaf!("Coffee Makers", SMALL_APPLIANCE, 4, ["12-Cup Programmable Coffee Maker", "Single Serve Coffee Maker", "Percolator", "Cold Brew Maker"]),
        leaf!("Air Fryers & Mixers", SMALL_APPLIANCE, 4, ["Air Fryer", "Stand Mixer", "Hand Mixer", "Blender", "Food Processor"]),
    ]),
    sub!("Canning & Food Preservation", [
        leaf!("Canning Jars & Lids", CANNING, 6, ["Glass Mason Jars", "Canning Lids", "Canning Bands & Lids", "Jelly Jars", "Freezer Jars"]),
        leaf!("Canners & Canning Tools", CANNING, 4, ["Presto|Pressure Canner", "Water Bath Canner", "Canning Utensil Set", "Mrs. Wages|Pickling Mix", "Pectin"]),
        leaf!("Meat Processing", SMALL_APPLIANCE, 4, ["Electric Meat Grinder", "Vacuum Sealer", "Jerky Gun", "Sausage Stuffer", "Food Dehydrator"]),
    ]),
    sub!("Kitchen Tools & Dinnerware", [
        leaf!("Kitchen Tools & Gadgets", KITCHEN_TOOLS, 5, ["Utensil Set", "Can Opener", "Measuring Cup Set", "Cutting Board", "Mixing Bowl Set", "Kitchen Timer"]),
        leaf!("Dinnerware & Drinkware", KITCHEN_TOOLS, 4, ["Dinnerware Set", "Drinking Glasses Set", "Coffee Mug", "Insulated Tumbler", "Serving Platter"]),
    ]),
]);

// ───────────────────────────── Tools ─────────────────────────────

static POWER_TOOLS: Fam = fam! {
    brands: ["DeWalt", "Milwaukee", "Makita", "Bosch", "Craftsman", "Black+Decker", "Porter-Cable", "Metabo HPT", "Skil"],
    show: [TOOL_PACK],
    extra: [VOLT_20, ax!("Motor", ["Brushless", "Brushed"]), ax!("Battery Type", ["Lithium-Ion"])],
    price: (39, 400), flags: WR,
    about: ["delivers pro-grade power in a compact size", "is built for the shop, the farm and the job site", "runs longer and cooler with an efficient motor"],
};
static HAND_TOOLS: Fam = fam! {
    brands: ["Craftsman", "Stanley", "Channellock", "Klein Tools", "Estwing", "GearWrench", "Irwin", "Vise-Grip", "Husky", "Storefront Farm & Home"],
    show: [ax!("Size", ["Standard", "SAE", "Metric", "SAE & Metric", "6 in", "8 in", "10 in", "16 oz", "20 oz"])],
    extra: [ax!("Material", ["Chrome Vanadium Steel", "Forged Steel", "Alloy Steel", "Fiberglass"]), ax!("Warranty", ["Lifetime", "Limited Lifetime"])],
    price: (6, 250), flags: 0,
    about: ["is forged for strength and backed by a lifetime warranty", "feels right in the hand and gets the job done"],
};
static TOOL_STORAGE: Fam = fam! {
    brands: ["Craftsman", "Husky", "Stanley", "Milwaukee", "DeWalt", "Waterloo", "Homak", "Storefront Farm & Home"],
    show: [ax!("Size", ["16 in", "22 in", "26 in", "41 in", "46 in", "52 in"]), ax!("Color", ["Red", "Black", "Gray", "Yellow"])],
    extra: [ax!("Drawers", ["0", "3", "5", "7", "9", "11"]), ax!("Material", ["Steel", "Plastic", "Aluminum"])],
    price: (15, 900), flags: NS | SZ,
    about: ["keeps every tool organized and within reach", "rolls smoothly and locks up tight"],
};
static AIR_TOOLS: Fam = fam! {
    brands: ["Campbell Hausfeld", "California Air Tools", "Ingersoll Rand", "Porter-Cable", "DeWalt", "Craftsman", "Milton", "Flexzilla"],
    show: [ax!("Size", ["1 gal", "6 gal", "8 gal", "20 gal", "30 gal", "60 gal", "1/4 in", "3/8 in", "1/2 in"])],
    extra: [ax!("Max PSI", ["90 PSI", "135 PSI", "150 PSI", "175 PSI", "200 PSI"]), ax!("Power Source", ["Electric", "Pneumatic"])],
    price: (12, 1100), flags: WR,
    about: ["delivers steady air for tools and tires", "runs quietly enough for the home garage"],
};
static WELDING: Fam = fam! {
    brands: ["Lincoln Electric", "Hobart", "Miller", "Forney", "Storefront Farm & Home", "Hypertherm"],
    show: [ax!("Amperage", ["90A", "125A", "140A", "180A", "210A", "225A"])],
    extra: [ax!("Input Voltage", ["120V", "230V", "120V/230V"]), ax!("Process", ["MIG", "Flux-Core", "Stick", "TIG", "Plasma"])],
    price: (15, 1800), flags: WR | CH | SZ,
    about: ["lays smooth, consistent beads for farm repairs", "is easy to set up and ready for heavy fabrication"],
};

static TOOLS: Top = top!(10, "Tools", slug: None, banner: Some("/tools/power-tools/"), [
    sub!("Power Tools", [
        leaf!("Drills & Drivers", POWER_TOOLS, 9, [
            "DeWalt|20V MAX Cordless Drill/Driver", "DeWalt|20V MAX XR Brushless Hammer Drill", "Milwaukee|M18 FUEL 1/2 in Hammer Drill/Driver",
            "Milwaukee|M12 Cordless 3/8 in Drill/Driver", "Makita|18V LXT Brushless Cordless Drill/Driver", "Bosch|12V Max Drill/Driver",
            "Craftsman|V20 Cordless Drill/Driver", "Black+Decker|20V MAX Cordless Drill/Driver",
        ]),
        leaf!("Impact Drivers & Wrenches", POWER_TOOLS, 7, [
            "DeWalt|20V MAX 1/4 in Impact Driver", "Milwaukee|M18 FUEL 1/2 in High Torque Impact Wrench", "Makita|18V LXT Impact Driver",
            "Milwaukee|M12 FUEL 3/8 in Stubby Impact Wrench", "Craftsman|V20 Impact Driver", "Metabo HPT|18V Impact Driver",
        ]),
        leaf!("Saws", POWER_TOOLS, 7, [
            "DeWalt|20V MAX 7-1/4 in Circular Saw", "Milwaukee|M18 SAWZALL Reciprocating Saw", "Makita|18V LXT Jig Saw",
            "DeWalt|12 in Double Bevel Compound Miter Saw", "Skil|7-1/4 in Worm Drive Circular Saw", "Bosch|Jig Saw",
        ]),
        leaf!("Grinders & Sanders", POWER_TOOLS, 5, [
            "DeWalt|4-1/2 in Angle Grinder", "Milwaukee|M18 Cut-Off/Grinder", "Makita|Random Orbit Sander", "Black+Decker|Mouse Detail Sander", "Porter-Cable|Belt Sander",
        ]),
        leaf!("Batteries & Chargers", POWER_TOOLS, 5, [
            "DeWalt|20V MAX 5.0Ah Battery", "Milwaukee|M18 REDLITHIUM XC5.0 Battery", "Makita|18V LXT 5.0Ah Battery", "Craftsman|V20 Battery & Charger Starter Kit",
        ]),
    ]),
    sub!("Hand Tools", [
        leaf!("Wrenches & Socket Sets", HAND_TOOLS, 7, ["Mechanics Tool Set", "Combination Wrench Set", "Ratcheting Wrench Set", "3/8 in Drive Socket Set", "Adjustable Wrench", "Pipe Wrench"]),
        leaf!("Screwdrivers & Nut Drivers", HAND_TOOLS, 5, ["Screwdriver Set", "Multi-Bit Screwdriver", "Nut Driver Set", "Precision Screwdriver Set"]),
        leaf!("Hammers & Striking Tools", HAND_TOOLS, 4, ["Estwing|Rip Claw Hammer", "Framing Hammer", "Sledge Hammer", "Dead Blow Hammer", "Ball Pein Hammer"]),
        leaf!("Pliers & Cutters", HAND_TOOLS, 5, ["Channellock|Tongue & Groove Pliers", "Vise-Grip|Locking Pliers", "Fencing Pliers", "Bolt Cutters", "Lineman's Pliers", "Diagonal Cutting Pliers"]),
    ]),
    sub!("Tool Storage", [
        leaf!("Tool Boxes & Bags", TOOL_STORAGE, 5, ["Portable Tool Box", "Tool Bag", "Rolling Tool Box", "Truck Tool Box"]),
        leaf!("Tool Chests & Cabinets", TOOL_STORAGE, 4, ["Tool Chest", "Rolling Tool Cabinet", "Top Chest & Cabinet Combo", "Mobile Workbench"]),
    ]),
    sub!("Air Tools & Compressors", [
        leaf!("Air Compressors", AIR_TOOLS, 5, ["Pancake Air Compressor", "Portable Air Compressor", "Vertical Air Compressor", "Hot Dog Air Compressor"]),
        leaf!("Air Tools & Accessories", AIR_TOOLS, 4, ["Air Impact Wrench", "Air Ratchet", "Air Hose", "Tire Inflator with Gauge", "Coupler & Plug Kit"]),
    ]),
    sub!("Welding", [
        leaf!("Welders & Plasma Cutters", WELDING, 4, ["MIG Welder", "Flux-Core Welder", "Stick Welder", "Multi-Process Welder", "Plasma Cutter"]),
        leaf!("Welding Supplies", WELDING, 5, ["Auto-Darkening Welding Helmet", "MIG Welding Wire", "Welding Rod", "Welding Gloves", "Welding Jacket"]),
    ]),
]);

// ───────────────────────────── Hardware ─────────────────────────────

static FASTENERS: Fam = fam! {
    brands: ["Grip-Rite", "Hillman", "GRK Fasteners", "Simpson Strong-Tie", "Spax", "Deckmate", "Storefront Farm & Home"],
    show: [ax!("Size", ["#8 x 1-1/4 in", "#8 x 2 in", "#9 x 3 in", "#10 x 2-1/2 in", "1/4 in x 2 in", "3/8 in x 4 in", "8d", "16d"]), ax!("Quantity", ["25 ct", "100 ct", "1 lb", "5 lb", "25 lb"])],
    extra: [ax!("Finish", ["Zinc-Plated", "Hot-Dip Galvanized", "Stainless Steel", "Coated"])],
    price: (2, 70), flags: 0,
    about: ["holds tight in wood, metal and masonry", "resists rust in outdoor projects"],
};
static CHAIN_ROPE: Fam = fam! {
    brands: ["Koch Industries", "Campbell", "Peerless", "Storefront Farm & Home", "Lehigh", "SecureLine"],
    show: [ax!("Size", ["3/16 in", "1/4 in", "5/16 in", "3/8 in", "1/2 in"]), ax!("Length", ["10 ft", "16 ft", "20 ft", "50 ft", "100 ft"])],
    extra: [ax!("Material", ["Grade 30 Steel", "Grade 70 Steel", "Polypropylene", "Nylon", "Manila"])],
    price: (4, 150), flags: 0,
    about: ["handles towing, lifting and tie-down jobs", "is tough enough for everyday farm use"],
};
static DOOR_HW: Fam = fam! {
    brands: ["Master Lock", "National Hardware", "Kwikset", "Schlage", "Stanley", "Abus"],
    show: [ax!("Finish", ["Satin Nickel", "Oil-Rubbed Bronze", "Black", "Zinc-Plated", "Brass", "Galvanized"])],
    extra: [ax!("Material", ["Steel", "Zinc", "Brass", "Stainless Steel"])],
    price: (3, 180), flags: 0,
    about: ["installs quickly with standard tools", "adds security to doors, gates and sheds"],
};
static BUILDING: Fam = fam! {
    brands: ["Quikrete", "Sakrete", "DAP", "Loctite", "Gorilla", "Liquid Nails", "Great Stuff", "Red Devil"],
    show: [ax!("Size", ["10 oz", "28 oz", "1 qt", "1 gal", "50 lb", "60 lb", "80 lb"])],
    extra: [ax!("Color", ["White", "Clear", "Gray", "Tan"]), ax!("Interior/Exterior", ["Interior", "Exterior", "Interior/Exterior"])],
    price: (3, 40), flags: CH,
    about: ["makes a strong, lasting repair", "is easy to use for DIYers and pros alike"],
};
static LADDERS: Fam = fam! {
    brands: ["Werner", "Louisville Ladder", "Little Giant", "Gorilla Ladders", "Storefront Farm & Home"],
    show: [ax!("Height", ["2 ft", "4 ft", "6 ft", "8 ft", "10 ft", "16 ft", "24 ft", "28 ft"])],
    extra: [ax!("Material", ["Aluminum", "Fiberglass"]), ax!("Load Capacity", ["225 lb (Type II)", "250 lb (Type I)", "300 lb (Type IA)", "375 lb (Type IAA)"])],
    price: (40, 600), flags: NS | SZ,
    about: ["sets up steady on uneven ground", "meets ANSI and OSHA safety standards"],
};

static HARDWARE: Top = top!(11, "Hardware", slug: None, banner: None, [
    sub!("Fasteners", [
        leaf!("Screws", FASTENERS, 5, ["Deck Screws", "Wood Screws", "Drywall Screws", "Self-Drilling Metal Screws", "Construction Screws"]),
        leaf!("Nails", FASTENERS, 4, ["Common Nails", "Roofing Nails", "Pole Barn Nails", "Finishing Nails", "Fence Staples"]),
        leaf!("Bolts, Nuts & Washers", FASTENERS, 4, ["Hex Bolts", "Carriage Bolts", "Lag Screws", "Hex Nuts", "Flat Washers"]),
        leaf!("Anchors", FASTENERS, 3, ["Concrete Anchors", "Wedge Anchors", "Toggle Bolts", "Plastic Wall Anchors"]),
    ]),
    sub!("Chain & Rope", [
        leaf!("Chain", CHAIN_ROPE, 4, ["Proof Coil Chain", "Transport Chain with Hooks", "Binder Chain", "Tow Chain"]),
        leaf!("Rope & Cord", CHAIN_ROPE, 4, ["Twisted Polypropylene Rope", "Braided Nylon Rope", "Manila Rope", "Paracord", "Baling Twine"]),
    ]),
    sub!("Door & Gate Hardware", [
        leaf!("Padlocks & Locks", DOOR_HW, 4, ["Master Lock|Laminated Steel Padlock", "Keyed Alike Padlocks", "Combination Lock", "Deadbolt", "Entry Door Knob"]),
        leaf!("Hinges & Latches", DOOR_HW, 4, ["Strap Hinge", "T-Hinge", "Gate Latch", "Barrel Bolt", "Sliding Barn Door Hardware Kit"]),
    ]),
    sub!("Building Supplies", [
        leaf!("Concrete & Mortar", BUILDING, 4, ["Concrete Mix", "Fast-Setting Concrete Mix", "Mortar Mix", "Concrete Patch", "Sand Mix"]),
        leaf!("Adhesives & Caulk", BUILDING, 5, ["Silicone Caulk", "Construction Adhesive", "Super Glue", "Expanding Foam Sealant", "Painter's Caulk", "Wood Glue"]),
    ]),
    sub!("Ladders", [
        leaf!("Step Ladders", LADDERS, 3, ["Fiberglass Step Ladder", "Aluminum Step Ladder", "Step Stool", "Platform Ladder"]),
        leaf!("Extension & Multi-Position Ladders", LADDERS, 3, ["Fiberglass Extension Ladder", "Aluminum Extension Ladder", "Multi-Position Ladder"]),
    ]),
]);

// ───────────────────────────── Automotive ─────────────────────────────

static TIRE_P: Fam = fam! { brands: [], show: [], extra: [], price: (90, 350), flags: WR, about: [], special: Special::Tire(TireCat::Passenger) };
static TIRE_S: Fam = fam! { brands: [], show: [], extra: [], price: (90, 350), flags: WR, about: [], special: Special::Tire(TireCat::Suv) };
static TIRE_LT: Fam = fam! { brands: [], show: [], extra: [], price: (90, 350), flags: WR, about: [], special: Special::Tire(TireCat::LightTruck) };
static TIRE_ST: Fam = fam! { brands: [], show: [], extra: [], price: (90, 350), flags: 0, about: [], special: Special::Tire(TireCat::Trailer) };
static BAT_AUTO: Fam = fam! { brands: [], show: [], extra: [], price: (100, 250), flags: NS | CH, about: [], special: Special::Battery(BatCat::Automotive) };
static BAT_MARINE: Fam = fam! { brands: [], show: [], extra: [], price: (100, 250), flags: NS | CH, about: [], special: Special::Battery(BatCat::Marine) };
static BAT_SMALL: Fam = fam! { brands: [], show: [], extra: [], price: (30, 90), flags: NS | CH, about: [], special: Special::Battery(BatCat::Small) };

static CHARGERS: Fam = fam! {
    brands: ["Schumacher", "NOCO", "Battery Tender", "Clore Automotive", "Stanley", "Deltran"],
    show: [ax!("Amperage", ["1.5A", "2A", "6A", "10A", "15A", "50A", "200A", "1,000A"])],
    extra: [ax!("Voltage", ["6V/12V", "12V", "12V/24V"]), ax!("Battery Types", ["Lead-Acid & AGM", "Lead-Acid, AGM & Lithium"])],
    price: (25, 300), flags: WR | SZ,
    about: ["keeps batteries charged and ready through the off-season", "brings a dead battery back to life in minutes"],
};
static MOTOR_OIL: Fam = fam! {
    brands: ["Mobil 1", "Valvoline", "Pennzoil", "Castrol", "Shell Rotella", "Quaker State", "Storefront Farm & Home", "Lucas Oil"],
    show: [ax!("Size", ["1 qt", "5 qt", "1 gal", "2.5 gal", "5 gal"])],
    extra: [ax!("Oil Type", ["Full Synthetic", "Synthetic Blend", "Conventional", "High Mileage"]), ax!("Meets Spec", ["API SP", "API CK-4", "ILSAC GF-6", "dexos1 Gen 3"])],
    price: (6, 120), flags: CH | SZ,
    about: ["protects engines against wear and deposits", "keeps engines clean from the first start of the day"],
};
static FLUIDS: Fam = fam! {
    brands: ["Prestone", "Peak", "Valvoline", "Lucas Oil", "STP", "Sea Foam", "Storefront Farm & Home", "Star Tron"],
    show: [ax!("Size", ["12 oz", "16 oz", "32 oz", "1 gal", "2.5 gal", "5 gal"])],
    extra: [ax!("Application", ["Cars & Trucks", "Tractors", "Small Engines", "Diesel Engines", "Universal"])],
    price: (4, 110), flags: CH | SZ,
    about: ["keeps engines and drivetrains running smoothly", "meets or exceeds OEM specifications"],
};
static FUEL_ADD: Fam = fam! {
    brands: ["Sea Foam", "STA-BIL", "Lucas Oil", "Howes", "Power Service", "STP"],
    show: [ax!("Size", ["8 oz", "12 oz", "16 oz", "32 oz", "1 gal"])],
    extra: [ax!("Fuel Type", ["Gasoline", "Diesel", "Gas & Diesel"])],
    price: (4, 40), flags: AG | CH | SZ,
    about: ["cleans fuel systems and keeps fuel fresh in storage", "prevents diesel gelling down to -30 F"],
};
static HITCH: Fam = fam! {
    brands: ["Curt", "Reese", "Draw-Tite", "B&W", "Storefront Farm & Home", "Valley", "Fulton"],
    show: [ax!("Size", ["1-7/8 in", "2 in", "2-5/16 in", "2 in Drop", "4 in Drop", "6 in Drop"])],
    extra: [ax!("Towing Capacity", ["2,000 lb", "3,500 lb", "6,000 lb", "7,500 lb", "10,000 lb", "12,000 lb"]), ax!("Finish", ["Chrome", "Black Powder Coat", "Zinc"])],
    price: (10, 400), flags: 0,
    about: ["is rated for safe, secure towing", "is forged from high-strength steel"],
};
static TRAILER: Fam = fam! {
    brands: ["Optronics", "Peterson Manufacturing", "Hopkins", "Keeper", "Fulton", "Erickson", "Curt", "Storefront Farm & Home"],
    show: [ax!("Size", ["Single", "2 Pack", "4 Pack", "1 in x 15 ft", "2 in x 27 ft", "4-Way", "7-Way"])],
    extra: [ax!("Rating", ["500 lb", "1,000 lb", "3,333 lb", "5,000 lb", "N/A"]), ax!("Color", ["Red", "Amber", "Black", "Yellow", "Orange"])],
    price: (5, 260), flags: 0,
    about: ["keeps trailers road-legal and loads secure", "is built to stand up to road salt and weather"],
};
static AUTO_PARTS: Fam = fam! {
    brands: ["Rain-X", "Bosch", "Fram", "Wix", "Sylvania", "Philips", "Champion", "NGK", "Motorcraft", "ACDelco"],
    show: [ax!("Size", ["16 in", "18 in", "20 in", "22 in", "24 in", "26 in", "H11", "9006", "H13", "Single", "2 Pack"])],
    extra: [ax!("Fits", ["Most Cars & Trucks", "Ford", "GM", "Dodge/Ram", "Toyota", "Honda", "John Deere"])],
    price: (4, 90), flags: 0,
    about: ["installs in minutes with no special tools", "is engineered to meet or exceed OE quality"],
};
static CAR_CARE: Fam = fam! {
    brands: ["Meguiar's", "Armor All", "Turtle Wax", "Chemical Guys", "WeatherTech", "Husky Liners", "Bell Automotive", "Storefront Farm & Home"],
    show: [ax!("Size", ["16 oz", "24 oz", "64 oz", "Front Set", "Rear", "Universal", "Bench"]), ax!("Color", ["Black", "Gray", "Tan", "Camo", "Clear"])],
    extra: [ax!("Material", ["Rubber", "Neoprene", "Polyester", "Thermoplastic", "Liquid"])],
    price: (4, 180), flags: 0,
    about: ["keeps your vehicle looking like new", "protects interiors from mud, snow and spills"],
};
static GARAGE: Fam = fam! {
    brands: ["Pro-Lift", "Arcan", "Big Red", "Craftsman", "Storefront Farm & Home", "Hein-Werner", "Torin"],
    show: [ax!("Capacity", ["1.5 Ton", "2 Ton", "3 Ton", "3.5 Ton", "6 Ton", "12 Ton", "20 Ton"])],
    extra: [ax!("Material", ["Steel", "Aluminum", "Steel/Aluminum Hybrid"]), ax!("Color", ["Red", "Black", "Blue"])],
    price: (25, 450), flags: NS | SZ | WR,
    about: ["lifts safely and smoothly every time", "is built for home mechanics and farm shops"],
};

static AUTO: Top = top!(14, "Automotive", slug: None, banner: Some("/tires/"), [
    sub!("Tires", [
        leaf!("Passenger Car Tires", TIRE_P, 80, []),
        leaf!("SUV & Crossover Tires", TIRE_S, 70, []),
        leaf!("Light Truck Tires", TIRE_LT, 60, []),
        leaf!("Trailer Tires", TIRE_ST, 16, []),
    ]),
    sub!("Batteries", [
        leaf!("Automotive Batteries", BAT_AUTO, 14, []),
        leaf!("Marine & RV Batteries", BAT_MARINE, 6, []),
        leaf!("Lawn & Powersport Batteries", BAT_SMALL, 5, []),
        leaf!("Battery Chargers & Jump Starters", CHARGERS, 6, ["Smart Battery Charger", "Battery Maintainer", "Portable Jump Starter", "Wheeled Battery Charger", "Jump-N-Carry Jump Starter"]),
    ]),
    sub!("Oil & Fluids", [
        leaf!("Motor Oil", MOTOR_OIL, 9, ["5W-30 Motor Oil", "5W-20 Motor Oil", "0W-20 Motor Oil", "10W-30 Motor Oil", "15W-40 Diesel Engine Oil", "SAE 30 Small Engine Oil", "2-Cycle Engine Oil"]),
        leaf!("Transmission & Hydraulic Fluid", FLUIDS, 6, ["ATF+4 Transmission Fluid", "Multi-Vehicle ATF", "Tractor Hydraulic Fluid", "Universal Tractor Fluid", "Power Steering Fluid"]),
        leaf!("Antifreeze & Coolant", FLUIDS, 5, ["50/50 Antifreeze/Coolant", "Concentrated Antifreeze", "Extended Life Coolant", "Heavy Duty Diesel Coolant"]),
        leaf!("Fuel Additives", FUEL_ADD, 3, ["Sea Foam|Motor Treatment", "STA-BIL|Fuel Stabilizer", "Diesel Anti-Gel", "Fuel Injector Cleaner", "Octane Booster"]),
        leaf!("Grease & Lubricants", FLUIDS, 4, ["Multi-Purpose Grease Cartridge", "Penetrating Oil", "Chain & Cable Lube", "Lithium Grease", "Gear Oil 80W-90"]),
    ]),
    sub!("Truck & Trailer", [
        leaf!("Hitches & Ball Mounts", HITCH, 6, ["Hitch Ball", "Ball Mount", "Receiver Hitch Pin & Clip", "Adjustable Ball Mount", "Gooseneck Hitch Ball"]),
        leaf!("Trailer Lights & Wiring", TRAILER, 5, ["LED Trailer Light Kit", "Trailer Wiring Connector", "Submersible Trailer Light", "Clearance Marker Light", "Trailer Wiring Harness"]),
        leaf!("Tie-Downs & Cargo Control", TRAILER, 6, ["Ratchet Tie-Down Straps", "Cam Buckle Straps", "Load Binder", "Bungee Cords", "Cargo Net", "Winch Strap"]),
        leaf!("Trailer Jacks & Couplers", HITCH, 4, ["Swivel Trailer Jack", "A-Frame Trailer Jack", "Trailer Coupler", "Coupler Lock", "Safety Chain"]),
    ]),
    sub!("Auto Parts", [
        leaf!("Wiper Blades", AUTO_PARTS, 5, ["Beam Wiper Blade", "Winter Wiper Blade", "Conventional Wiper Blade", "Rain-X|Latitude Wiper Blade"]),
        leaf!("Filters", AUTO_PARTS, 5, ["Oil Filter", "Engine Air Filter", "Cabin Air Filter", "Fuel Filter", "Hydraulic Filter"]),
        leaf!("Headlights & Bulbs", AUTO_PARTS, 4, ["Halogen Headlight Bulb", "LED Headlight Bulb", "Miniature Bulb", "LED Work Light Bar"]),
        leaf!("Spark Plugs & Ignition", AUTO_PARTS, 3, ["Copper Spark Plug", "Iridium Spark Plug", "Small Engine Spark Plug", "Ignition Coil"]),
    ]),
    sub!("Auto Care & Accessories", [
        leaf!("Car Care", CAR_CARE, 5, ["Car Wash Soap", "Liquid Wax", "Tire Shine", "Interior Protectant", "Glass Cleaner", "Bug & Tar Remover"]),
        leaf!("Floor Mats & Seat Covers", CAR_CARE, 5, ["All-Weather Floor Mats", "Custom Fit Floor Liners", "Bench Seat Cover", "Bucket Seat Cover", "Steering Wheel Cover"]),
        leaf!("Jacks & Shop Equipment", GARAGE, 4, ["Floor Jack", "Jack Stands", "Bottle Jack", "Low Profile Creeper", "Engine Hoist"]),
    ]),
]);

// ───────────────────────────── Outdoor Power Equipment ─────────────────────────────

static MOWERS: Fam = fam! {
    brands: ["Cub Cadet", "Troy-Bilt", "Toro", "Husqvarna", "Craftsman", "Snapper", "Simplicity", "Ego", "Greenworks", "Ariens"],
    show: [ax!("Deck", ["21 in", "22 in", "30 in", "42 in", "46 in", "50 in", "54 in"])],
    extra: [POWER_SRC, ax!("Engine", ["140cc Briggs & Stratton", "163cc Honda", "547cc Kohler", "24 HP Kawasaki", "56V Lithium-Ion", "N/A"]), ax!("Drive", ["Push", "Self-Propelled", "Hydrostatic", "Zero-Turn"])],
    price: (200, 4500), flags: NS | WR | SZ,
    about: ["delivers a clean, even cut across big yards", "starts easily and handles hills and thick grass"],
};
static HANDHELD_OPE: Fam = fam! {
    brands: ["Echo", "Husqvarna", "Stihl", "Ego", "Greenworks", "Toro", "Worx", "DeWalt", "Milwaukee", "Poulan Pro"],
    show: [ax!("Power Source", ["Gas", "56V Battery", "40V Battery", "20V Battery", "Corded Electric"])],
    extra: [ax!("Engine", ["21.2cc 2-Stroke", "25.4cc 2-Stroke", "45.7cc 2-Stroke", "Brushless Motor", "N/A"]), ax!("Bar/Cut Width", ["14 in", "16 in", "18 in", "20 in", "24 in"])],
    price: (60, 650), flags: WR,
    about: ["makes quick work of yard cleanup", "starts fast and runs all afternoon"],
};
static SNOW: Fam = fam! {
    brands: ["Ariens", "Toro", "Cub Cadet", "Troy-Bilt", "Husqvarna", "Ego", "Snow Joe"],
    show: [ax!("Clearing Width", ["18 in", "21 in", "24 in", "26 in", "28 in", "30 in"])],
    extra: [ax!("Power Source", ["Gas", "Battery", "Electric"]), ax!("Start", ["Electric Start", "Recoil Start", "Push Button"])],
    price: (300, 2600), flags: NS | WR | SZ,
    about: ["clears heavy, wet snow and the end-of-driveway pile", "throws snow up to 40 feet"],
};
static GENERATOR: Fam = fam! {
    brands: ["Generac", "Champion", "Honda", "Westinghouse", "Predator", "Briggs & Stratton", "Simpson", "Ryobi"],
    show: [ax!("Output", ["2,000 Watt", "3,500 Watt", "4,500 Watt", "7,500 Watt", "9,500 Watt", "2,800 PSI", "3,100 PSI", "3,600 PSI"])],
    extra: [ax!("Fuel Type", ["Gasoline", "Dual Fuel", "Electric"]), ax!("Start", ["Electric Start", "Recoil Start"])],
    price: (150, 2400), flags: NS | WR | SZ,
    about: ["keeps the lights on when the power goes out", "cleans siding, decks and equipment fast"],
};
static OPE_PARTS: Fam = fam! {
    brands: ["Oregon", "Briggs & Stratton", "Stens", "Rotary", "Cub Cadet", "Echo", "Storefront Farm & Home", "MaxPower"],
    show: [ax!("Size", ["16 in", "18 in", "20 in", "42 in", "46 in", "0.080 in", "0.095 in", "0.105 in"])],
    extra: [ax!("Fits", ["Cub Cadet", "John Deere", "Husqvarna", "Toro", "Craftsman", "Universal"])],
    price: (4, 70), flags: 0,
    about: ["keeps your equipment running like new", "is built to meet or exceed OEM specs"],
};

static OPE: Top = top!(15, "Outdoor Power Equipment", slug: None, banner: Some("/outdoor-power-equipment/lawn-mowers/"), [
    sub!("Lawn Mowers", [
        leaf!("Riding Mowers & Tractors", MOWERS, 5, ["Riding Lawn Tractor", "Lawn Tractor", "Garden Tractor", "Rear Engine Riding Mower"]),
        leaf!("Zero-Turn Mowers", MOWERS, 4, ["Zero-Turn Mower", "Residential Zero-Turn Mower", "Commercial Zero-Turn Mower"]),
        leaf!("Push Mowers", MOWERS, 5, ["Self-Propelled Lawn Mower", "Push Lawn Mower", "Cordless Lawn Mower", "High Wheel Push Mower"]),
    ]),
    sub!("Trimmers, Blowers & Chainsaws", [
        leaf!("String Trimmers & Edgers", HANDHELD_OPE, 5, ["String Trimmer", "Brushcutter", "Lawn Edger", "Attachment-Capable String Trimmer"]),
        leaf!("Leaf Blowers", HANDHELD_OPE, 4, ["Handheld Leaf Blower", "Backpack Leaf Blower", "Leaf Blower/Vacuum"]),
        leaf!("Chainsaws", HANDHELD_OPE, 5, ["Chainsaw", "Rear Handle Chainsaw", "Pole Saw", "Top Handle Chainsaw"]),
        leaf!("Hedge Trimmers", HANDHELD_OPE, 3, ["Hedge Trimmer", "Extended Reach Hedge Trimmer"]),
    ]),
    sub!("Snow Blowers", [
        leaf!("Two-Stage Snow Blowers", SNOW, 4, ["Two-Stage Snow Blower", "Three-Stage Snow Blower", "Compact Two-Stage Snow Blower"]),
        leaf!("Single-Stage Snow Blowers", SNOW, 4, ["Single-Stage Snow Blower", "Cordless Snow Blower", "Electric Snow Shovel"]),
    ]),
    sub!("Generators & Pressure Washers", [
        leaf!("Generators", GENERATOR, 5, ["Portable Generator", "Inverter Generator", "Dual Fuel Portable Generator"]),
        leaf!("Pressure Washers", GENERATOR, 4, ["Gas Pressure Washer", "Electric Pressure Washer", "Commercial Pressure Washer"]),
    ]),
    sub!("OPE Parts & Accessories", [
        leaf!("Mower Blades & Belts", OPE_PARTS, 5, ["Mower Blade", "High-Lift Mower Blade", "Mulching Blade Set", "Deck Drive Belt"]),
        leaf!("Trimmer Line & Saw Chain", OPE_PARTS, 5, ["Twisted Trimmer Line", "Round Trimmer Line", "Saw Chain", "Guide Bar", "Trimmer Head"]),
        leaf!("Engine Parts & Filters", OPE_PARTS, 4, ["Air Filter", "Oil Filter", "Spark Plug", "Fuel Line Kit", "Tune-Up Kit"]),
    ]),
]);

// ───────────────────────────── Heating & Cooling ─────────────────────────────

static HEATERS: Fam = fam! {
    brands: ["Mr. Heater", "Dura Heat", "Dyna-Glo", "Heat Storm", "Lasko", "Vornado", "Pro-Temp", "Comfort Zone"],
    show: [ax!("Output", ["1,500 W", "4,000 BTU", "9,000 BTU", "18,000 BTU", "23,000 BTU", "60,000 BTU", "125,000 BTU"])],
    extra: [ax!("Fuel Type", ["Propane", "Kerosene", "Electric", "Diesel/Kerosene"]), ax!("Heating Area", ["150 sq ft", "225 sq ft", "450 sq ft", "1,000 sq ft", "3,000 sq ft"])],
    price: (30, 450), flags: WR | SZ,
    about: ["warms garages, shops and barns fast", "has built-in tip-over and overheat protection"],
};
static FANS: Fam = fam! {
    brands: ["Lasko", "Vornado", "Frigidaire", "GE", "Air King", "Maxx Air", "Comfort Zone", "hOmeLabs"],
    show: [ax!("Size", ["12 in", "16 in", "20 in", "24 in", "36 in", "5,000 BTU", "8,000 BTU", "12,000 BTU", "35 Pint", "50 Pint"])],
    extra: [ax!("Voltage", ["120V"]), ax!("Speeds", ["2", "3", "Variable"])],
    price: (20, 520), flags: WR,
    about: ["moves a lot of air on hot summer days", "keeps barns and shops comfortable all season"],
};
static FUEL: Fam = fam! {
    brands: ["Blue Rhino", "AmeriGas", "Worthington", "Flame King", "Klean-Strip", "Crown", "Bernzomatic", "Coleman"],
    show: [ax!("Size", ["1 lb", "2 pk 1 lb", "11 lb", "20 lb", "30 lb", "1 gal", "5 gal"])],
    extra: [ax!("Fuel Type", ["Propane", "Kerosene", "White Gas"])],
    price: (6, 140), flags: NS | AG | CH | SZ,
    about: ["is ready to use for grills, heaters and camp stoves", "must be transported and stored upright in a ventilated area"],
};
static STOVES: Fam = fam! {
    brands: ["US Stove", "Vogelzang", "Englander", "Pleasant Hearth", "Rutland", "Storefront Farm & Home", "Hearthstone"],
    show: [ax!("Heating Area", ["800 sq ft", "1,200 sq ft", "1,800 sq ft", "2,200 sq ft", "Accessory"])],
    extra: [ax!("Fuel Type", ["Wood", "Pellet", "Coal", "N/A"]), ax!("Material", ["Steel", "Cast Iron"])],
    price: (10, 2200), flags: NS | WR,
    about: ["heats your home efficiently all winter long", "is EPA certified for cleaner burning"],
};

static HEAT: Top = top!(16, "Heating & Cooling", slug: None, banner: Some("/heating-cooling/heaters/"), [
    sub!("Heaters", [
        leaf!("Propane Heaters", HEATERS, 5, ["Mr. Heater|Buddy Portable Heater", "Mr. Heater|Big Buddy Portable Heater", "Tank Top Heater", "Forced Air Propane Heater", "Vent-Free Blue Flame Heater"]),
        leaf!("Kerosene Heaters", HEATERS, 3, ["Convection Kerosene Heater", "Forced Air Kerosene Heater", "Radiant Kerosene Heater"]),
        leaf!("Electric Heaters", HEATERS, 5, ["Ceramic Space Heater", "Oil-Filled Radiator Heater", "Infrared Quartz Heater", "Garage Heater", "Baseboard Heater"]),
    ]),
    sub!("Fans & Air Conditioners", [
        leaf!("Fans", FANS, 5, ["Box Fan", "High Velocity Floor Fan", "Barn Fan", "Pedestal Fan", "Tower Fan"]),
        leaf!("Air Conditioners & Dehumidifiers", FANS, 4, ["Window Air Conditioner", "Portable Air Conditioner", "Dehumidifier", "Evaporative Cooler"]),
    ]),
    sub!("Fuel & Propane", [
        leaf!("Propane Tanks & Cylinders", FUEL, 3, ["Propane Tank Exchange", "Empty Propane Cylinder", "Propane Camping Cylinder", "Propane Tank Refill"]),
        leaf!("Kerosene & Fuel", FUEL, 2, ["K-1 Kerosene", "Camp Fuel", "Premium Kerosene"]),
    ]),
    sub!("Stoves & Fireplaces", [
        leaf!("Wood & Pellet Stoves", STOVES, 3, ["Wood Stove", "Pellet Stove", "Wood/Coal Stove", "Barrel Stove Kit"]),
        leaf!("Fireplace Accessories", STOVES, 4, ["Fireplace Tool Set", "Firewood Rack", "Log Carrier", "Stove Gasket Kit", "Chimney Sweep Log"]),
    ]),
]);

// ───────────────────────────── Toys ─────────────────────────────

static FARM_TOYS: Fam = fam! {
    brands: ["Ertl", "TOMY", "Bruder", "Breyer", "Schleich", "John Deere", "Speecast"],
    show: [ax!("Scale", ["1:16", "1:32", "1:64", "Traditional", "Classics"])],
    extra: [ax!("Age", ["3+", "5+", "8+", "14+"]), ax!("Material", ["Die-Cast Metal", "Plastic", "Resin"])],
    price: (6, 150), flags: 0,
    about: ["is a detailed replica young farmers will love", "is built tough for hours of farm play"],
};
static RIDE_ON: Fam = fam! {
    brands: ["John Deere", "Peg Perego", "Radio Flyer", "Little Tikes", "Step2", "Power Wheels", "Rolly Toys"],
    show: [ax!("Color", ["Green", "Red", "Pink", "Blue", "Yellow"])],
    extra: [ax!("Age", ["1+", "2+", "3+", "5+"]), ax!("Power", ["Pedal", "12V Battery", "Push"])],
    price: (40, 500), flags: NS,
    about: ["gets kids outside and moving", "is sturdy enough for years of backyard adventures"],
};
static TOYS_GEN: Fam = fam! {
    brands: ["Hasbro", "Mattel", "Melissa & Doug", "Ravensburger", "Crayola", "Spin Master", "Ty", "Lincoln Logs", "Fisher-Price"],
    show: [ax!("Age", ["Ages 2+", "Ages 3+", "Ages 5+", "Ages 8+", "Ages 12+"])],
    extra: [ax!("Material", ["Plastic", "Wood", "Cardboard", "Plush"]), ax!("Players", ["1+", "2-4", "2-6"])],
    price: (5, 80), flags: 0,
    about: ["makes a great gift for birthdays and holidays", "brings the whole family together"],
};

static TOYS: Top = top!(17, "Toys", slug: None, banner: Some("/toys/farm-toys/"), [
    sub!("Farm Toys", [
        leaf!("Toy Tractors & Equipment", FARM_TOYS, 8, ["John Deere|8R 410 Tractor", "Big Farm Tractor with Loader", "Combine Harvester", "Grain Cart", "Farmall Tractor", "Gooseneck Livestock Trailer", "Skid Steer Loader"]),
        leaf!("Farm Playsets & Animals", FARM_TOYS, 5, ["Breyer|Traditional Horse", "Farm Animal Set", "Barn Playset", "Horse & Rider Set", "Farm Fence Set"]),
        leaf!("Ride-On Toys", RIDE_ON, 4, ["Pedal Tractor", "12V Gator Ride-On", "Wagon", "Balance Bike", "Pedal Tractor with Trailer"]),
    ]),
    sub!("Games & Puzzles", [
        leaf!("Board Games", TOYS_GEN, 4, ["Family Board Game", "Card Game", "Farm-opoly", "Strategy Game"]),
        leaf!("Puzzles", TOYS_GEN, 4, ["1000 Piece Jigsaw Puzzle", "500 Piece Jigsaw Puzzle", "Floor Puzzle", "Wooden Puzzle"]),
    ]),
    sub!("Kids' Toys", [
        leaf!("Dolls & Plush", TOYS_GEN, 4, ["Plush Farm Animal", "Baby Doll", "Stuffed Horse", "Plush Puppy"]),
        leaf!("Building & Creative Toys", TOYS_GEN, 4, ["Lincoln Logs|Classic Building Set", "Building Blocks Set", "Craft Kit", "Crayon Set", "Science Kit"]),
        leaf!("Outdoor Toys", TOYS_GEN, 4, ["Water Blaster", "Sidewalk Chalk", "Bubble Machine", "Kite", "Sandbox Toy Set"]),
    ]),
]);

// ───────────────────────────── Sporting Goods ─────────────────────────────

static CAMPING: Fam = fam! {
    brands: ["Coleman", "Ozark Trail", "Kelty", "Stansport", "Texsport", "Camp Chef", "Eureka!", "ALPS Mountaineering"],
    show: [ax!("Size", ["1-Person", "2-Person", "4-Person", "6-Person", "8-Person", "30 F", "40 F", "Standard", "XL"])],
    extra: [ax!("Color", ["Green", "Blue", "Gray", "Orange", "Camo"]), ax!("Material", ["Polyester", "Nylon", "Steel", "Aluminum"])],
    price: (10, 400), flags: 0,
    about: ["is easy to set up at the campsite", "makes weekends at the lake more comfortable"],
};
static COOLERS: Fam = fam! {
    brands: ["YETI", "Igloo", "Coleman", "RTIC", "Pelican", "Stanley", "Hydro Flask", "Storefront Farm & Home"],
    show: [ax!("Capacity", ["12 oz", "20 oz", "30 oz", "40 oz", "16 qt", "24 qt", "45 qt", "70 qt", "120 qt"]), ax!("Color", ["White", "Navy", "Charcoal", "Red", "Tan", "Sage"])],
    extra: [ax!("Insulation", ["Double-Wall Vacuum", "Rotomolded", "Foam Insulated"])],
    price: (8, 400), flags: SZ,
    about: ["keeps ice for days and drinks cold all afternoon", "is built tough for the boat, the blind and the tailgate"],
};
static SPORTS: Fam = fam! {
    brands: ["Rawlings", "Wilson", "Spalding", "Franklin", "Easton", "Louisville Slugger", "CAP Barbell", "Lifetime"],
    show: [ax!("Size", ["Youth", "Adult", "Official", "Junior", "11 in", "12 in", "28 in", "32 in"])],
    extra: [ax!("Material", ["Leather", "Composite", "Aluminum", "Rubber", "Steel"])],
    price: (8, 450), flags: 0,
    about: ["is game-ready for practice or the big game", "is built for serious players and backyard fun alike"],
};

static SPORT: Top = top!(18, "Sporting Goods", slug: None, banner: None, [
    sub!("Camping", [
        leaf!("Tents & Shelters", CAMPING, 4, ["Dome Tent", "Cabin Tent", "Instant Canopy", "Screen House"]),
        leaf!("Sleeping Bags & Cots", CAMPING, 4, ["Rectangular Sleeping Bag", "Mummy Sleeping Bag", "Camping Cot", "Air Mattress"]),
        leaf!("Camp Kitchen & Lighting", CAMPING, 4, ["Camp Stove", "LED Lantern", "Camp Chair", "Camp Cookware Set", "Folding Camp Table"]),
    ]),
    sub!("Coolers & Drinkware", [
        leaf!("Coolers", COOLERS, 5, ["Hard Cooler", "Wheeled Cooler", "Soft-Sided Cooler", "Backpack Cooler"]),
        leaf!("Drinkware", COOLERS, 5, ["Insulated Tumbler", "Water Bottle", "Quencher Tumbler", "Vacuum Bottle", "Can Cooler"]),
    ]),
    sub!("Sports & Fitness", [
        leaf!("Team Sports", SPORTS, 4, ["Baseball Glove", "Aluminum Baseball Bat", "Basketball", "Football", "Softball Glove", "Portable Basketball Hoop"]),
        leaf!("Exercise & Fitness", SPORTS, 3, ["Dumbbell Set", "Kettlebell", "Weight Bench", "Yoga Mat", "Resistance Band Set"]),
    ]),
]);

// ───────────────────────────── Food & Snacks ─────────────────────────────

static CANDY: Fam = fam! {
    brands: ["Brach's", "Hershey's", "Jelly Belly", "Albanese", "Pearson's", "Storefront Farm & Home", "Frankford", "Sather's"],
    show: [ax!("Size", ["3.5 oz", "7 oz", "12 oz", "16 oz", "2 lb", "5 lb"])],
    extra: [ax!("Flavor", ["Assorted", "Milk Chocolate", "Fruit", "Cinnamon", "Peanut Butter"])],
    price: (2, 30), flags: SZ,
    about: ["is an old-fashioned treat for the road home", "makes a sweet stocking stuffer"],
};
static SNACKS: Fam = fam! {
    brands: ["Jack Link's", "Old Wisconsin", "Slim Jim", "Planters", "Orville Redenbacher's", "Jolly Time", "Storefront Farm & Home", "Wick Fowler's", "Uncle Bud's"],
    show: [ax!("Size", ["2.85 oz", "3.25 oz", "8 oz", "10 oz", "16 oz", "24 oz", "6 ct"])],
    extra: [ax!("Flavor", ["Original", "Teriyaki", "Peppered", "Sweet & Hot", "Butter", "Sea Salt", "Honey Roasted"])],
    price: (2, 25), flags: SZ,
    about: ["is a protein-packed snack for long days", "is perfect for the truck, the stand or the game"],
};
static PANTRY: Fam = fam! {
    brands: ["Sweet Baby Ray's", "Lawry's", "Folgers", "Maxwell House", "Aunt Jemima", "Krusteaz", "Storefront Farm & Home", "Door County Coffee", "McCormick"],
    show: [ax!("Size", ["8 oz", "12 oz", "18 oz", "28 oz", "30.5 oz", "32 oz", "48 oz"])],
    extra: [ax!("Flavor", ["Original", "Hickory", "Honey", "Medium Roast", "Dark Roast", "Buttermilk"])],
    price: (2, 25), flags: SZ,
    about: ["is a pantry staple for farm-style cooking", "brings big flavor to everyday meals"],
};

static FOOD: Top = top!(19, "Food & Snacks", slug: None, banner: None, [
    sub!("Candy", [
        leaf!("Bulk Candy", CANDY, 4, ["Gummi Bears", "Orange Slices", "Candy Corn", "Jelly Beans", "Licorice Bites"]),
        leaf!("Chocolate", CANDY, 4, ["Chocolate Covered Peanuts", "Milk Chocolate Bar", "Chocolate Malt Balls", "Peanut Clusters"]),
        leaf!("Old-Fashioned Candy", CANDY, 3, ["Salt Water Taffy", "Horehound Drops", "Ribbon Candy", "Root Beer Barrels", "Peanut Brittle"]),
    ]),
    sub!("Snacks", [
        leaf!("Jerky & Meat Snacks", SNACKS, 5, ["Beef Jerky", "Meat Sticks", "Summer Sausage", "Beef Snack Sticks", "Turkey Jerky"]),
        leaf!("Nuts & Trail Mix", SNACKS, 4, ["Dry Roasted Peanuts", "Mixed Nuts", "Trail Mix", "Cashews", "Sunflower Seeds"]),
        leaf!("Popcorn & Chips", SNACKS, 4, ["Microwave Popcorn", "Popcorn Kernels", "Kettle Chips", "Cheese Curls"]),
    ]),
    sub!("Pantry", [
        leaf!("Sauces & Seasonings", PANTRY, 4, ["Barbecue Sauce", "Seasoned Salt", "Chili Seasoning", "Hot Sauce", "Steak Seasoning"]),
        leaf!("Coffee & Breakfast", PANTRY, 4, ["Ground Coffee", "Pancake Mix", "Pancake Syrup", "Hot Cocoa Mix", "Whole Bean Coffee"]),
    ]),
]);

// ───────────────────────────── Health & Beauty ─────────────────────────────

static PERSONAL: Fam = fam! {
    brands: ["O'Keeffe's", "Gold Bond", "Burt's Bees", "Bag Balm", "Udderly Smooth", "Gillette", "Colgate", "Dove", "Old Spice", "Neutrogena"],
    show: [ax!("Size", ["0.15 oz", "1 oz", "2.7 oz", "3.2 oz", "4 oz", "8 oz", "12 oz", "2 ct", "4 ct"])],
    extra: [ax!("Scent", ["Unscented", "Fresh", "Original", "Lavender", "Cedarwood"])],
    price: (2, 30), flags: 0,
    about: ["soothes and repairs dry, cracked skin", "is gentle enough for everyday use"],
};
static FIRST_AID: Fam = fam! {
    brands: ["Band-Aid", "Johnson & Johnson", "Tylenol", "Advil", "Equate", "Aleve", "Neosporin", "Curad", "Storefront Farm & Home"],
    show: [ax!("Count", ["10 ct", "24 ct", "50 ct", "100 ct", "200 ct", "1 oz", "4 oz"])],
    extra: [ax!("Form", ["Tablets", "Caplets", "Liquid Gels", "Ointment", "Bandages", "Kit"])],
    price: (2, 40), flags: 0,
    about: ["belongs in every home, truck and barn", "provides fast, trusted relief"],
};
static VITAMINS: Fam = fam! {
    brands: ["Nature Made", "Centrum", "One A Day", "Nature's Bounty", "Emergen-C", "Storefront Farm & Home"],
    show: [ax!("Count", ["30 ct", "60 ct", "90 ct", "120 ct", "200 ct"])],
    extra: [ax!("Form", ["Tablets", "Softgels", "Gummies", "Capsules"])],
    price: (5, 35), flags: SZ,
    about: ["supports everyday health and energy", "is made with quality ingredients and no artificial flavors"],
};

static HEALTH: Top = top!(20, "Health & Beauty", slug: None, banner: None, [
    sub!("Personal Care", [
        leaf!("Hand & Skin Care", PERSONAL, 5, ["O'Keeffe's|Working Hands Hand Cream", "O'Keeffe's|Healthy Feet Foot Cream", "Udderly Smooth|Udder Cream", "Lip Balm", "Body Lotion"]),
        leaf!("Shaving & Grooming", PERSONAL, 3, ["Razor", "Shaving Cream", "Beard Oil", "Deodorant", "Body Wash"]),
        leaf!("Oral Care", PERSONAL, 3, ["Toothpaste", "Manual Toothbrush", "Mouthwash", "Dental Floss"]),
    ]),
    sub!("First Aid & Medicine", [
        leaf!("First Aid", FIRST_AID, 4, ["First Aid Kit", "Adhesive Bandages", "Antibiotic Ointment", "Elastic Bandage", "Instant Cold Pack"]),
        leaf!("Pain Relief & Cold Medicine", FIRST_AID, 4, ["Extra Strength Pain Reliever", "Ibuprofen Tablets", "Cold & Flu Relief", "Allergy Relief", "Naproxen Sodium Tablets"]),
    ]),
    sub!("Vitamins & Supplements", [
        leaf!("Vitamins", VITAMINS, 3, ["Men's Multivitamin", "Women's Multivitamin", "Vitamin D3", "Vitamin C", "Fish Oil"]),
        leaf!("Supplements", VITAMINS, 2, ["Glucosamine Chondroitin", "Melatonin", "Probiotic", "Magnesium"]),
    ]),
]);

// ───────────────────────────── Paint ─────────────────────────────

static PAINT_FAM: Fam = fam! {
    brands: ["Rust-Oleum", "Majic Paints", "Glidden", "Behr", "PPG", "Valspar", "Storefront Farm & Home", "KILZ"],
    show: [ax!("Size", ["1 qt", "1 gal", "5 gal"]), ax!("Sheen", ["Flat", "Eggshell", "Satin", "Semi-Gloss", "Gloss"])],
    extra: [ax!("Color", ["White", "Barn Red", "Tractor Green", "Black", "Gray", "Tintable Base"]), ax!("Interior/Exterior", ["Interior", "Exterior", "Interior/Exterior"])],
    price: (12, 260), flags: CH | SZ,
    about: ["goes on smooth and covers in one or two coats", "resists fading, peeling and mildew"],
};
static SPRAY: Fam = fam! {
    brands: ["Rust-Oleum", "Krylon", "Valspar", "Seymour", "Storefront Farm & Home"],
    show: [ax!("Color", ["Gloss Black", "Flat Black", "White", "Safety Red", "John Deere Green", "Case IH Red", "Allis Orange", "Ford Gray", "Clear"])],
    extra: [ax!("Size", ["10 oz", "11 oz", "12 oz", "15 oz"]), ax!("Finish", ["Gloss", "Flat", "Satin", "Hammered"])],
    price: (4, 18), flags: CH,
    about: ["matches original implement colors", "dries fast with a durable, rust-resistant finish"],
};
static STAIN: Fam = fam! {
    brands: ["Thompson's WaterSeal", "Minwax", "Cabot", "Olympic", "Behr", "Ready Seal", "Flood"],
    show: [ax!("Size", ["1 qt", "1 gal", "5 gal"]), ax!("Color", ["Clear", "Cedar", "Redwood", "Natural", "Dark Walnut", "Gray"])],
    extra: [ax!("Opacity", ["Transparent", "Semi-Transparent", "Solid"])],
    price: (10, 250), flags: CH | SZ,
    about: ["protects wood from water, UV and mildew", "brings out the natural beauty of the grain"],
};
static PAINT_SUPPLIES: Fam = fam! {
    brands: ["Wooster", "Purdy", "ScotchBlue", "FrogTape", "Linzer", "Red Devil", "Storefront Farm & Home"],
    show: [ax!("Size", ["1 in", "2 in", "2.5 in", "3 in", "9 in", "1.41 in x 60 yd", "9 ft x 12 ft"])],
    extra: [ax!("Material", ["Polyester", "Nylon/Polyester", "Natural Bristle", "Microfiber", "Canvas", "Plastic"])],
    price: (2, 40), flags: 0,
    about: ["gives professional results on every project", "cleans up quickly and is reusable"],
};

static PAINT: Top = top!(21, "Paint", slug: None, banner: None, [
    sub!("Interior & Exterior Paint", [
        leaf!("Interior Paint", PAINT_FAM, 5, ["Interior Latex Paint", "Paint & Primer in One", "Ceiling Paint", "Cabinet & Trim Enamel"]),
        leaf!("Exterior & Barn Paint", PAINT_FAM, 5, ["Exterior Latex Paint", "Barn & Fence Paint", "Oil-Based Implement Enamel", "Rust-Oleum|Stops Rust Protective Enamel", "Exterior Primer"]),
    ]),
    sub!("Spray Paint", [
        leaf!("Implement & Spray Paint", SPRAY, 6, ["Implement Spray Paint", "Rust-Oleum|Painter's Touch 2X Spray Paint", "High Heat Spray Paint", "Marking Paint", "Spray Primer"]),
    ]),
    sub!("Stains & Sealers", [
        leaf!("Deck & Fence Stain", STAIN, 4, ["Waterproofing Wood Sealer", "Deck & Siding Stain", "Semi-Transparent Deck Stain", "Penetrating Oil Stain"]),
        leaf!("Interior Stain & Finish", STAIN, 3, ["Wood Finish Stain", "Polyurethane Finish", "Pre-Stain Wood Conditioner", "Gel Stain"]),
    ]),
    sub!("Painting Supplies", [
        leaf!("Brushes & Rollers", PAINT_SUPPLIES, 4, ["Angle Sash Paint Brush", "Flat Paint Brush", "Roller Cover", "Roller Frame", "Roller Tray Kit"]),
        leaf!("Tape & Drop Cloths", PAINT_SUPPLIES, 3, ["Painter's Tape", "Canvas Drop Cloth", "Plastic Sheeting", "Sandpaper Assortment"]),
    ]),
]);

// ───────────────────────────── Electrical ─────────────────────────────

static CORDS: Fam = fam! {
    brands: ["Southwire", "Coleman Cable", "Woods", "Tripp Lite", "Belkin", "Storefront Farm & Home", "Yellow Jacket"],
    show: [ax!("Length", ["3 ft", "6 ft", "15 ft", "25 ft", "50 ft", "100 ft"]), ax!("Gauge", ["16/3", "14/3", "12/3", "10/3"])],
    extra: [ax!("Color", ["Orange", "Green", "Yellow", "Black", "White"]), ax!("Indoor/Outdoor", ["Indoor", "Outdoor", "Indoor/Outdoor"])],
    price: (5, 130), flags: SZ,
    about: ["powers tools and lights wherever you work", "has a heavy-duty jacket that stays flexible in the cold"],
};
static LIGHTING: Fam = fam! {
    brands: ["Feit Electric", "GE", "Philips", "Energizer", "Streamlight", "Coast", "Dorcy", "Lithonia", "Defiant", "Husky"],
    show: [ax!("Brightness", ["60 Lumens", "300 Lumens", "800 Lumens", "1,600 Lumens", "5,000 Lumens", "10,000 Lumens"])],
    extra: [ax!("Light Source", ["LED", "Halogen", "Incandescent"]), ax!("Power Source", ["AA Batteries", "Rechargeable", "Plug-In", "Hardwired", "Solar"])],
    price: (3, 180), flags: SZ,
    about: ["lights up the barn, shop or jobsite", "uses long-lasting LEDs that save energy"],
};
static WIRING: Fam = fam! {
    brands: ["Southwire", "Leviton", "Eaton", "Carlon", "Square D", "Gardner Bender", "Ideal"],
    show: [ax!("Size", ["14/2", "12/2", "10/3", "15 Amp", "20 Amp", "1-Gang", "2-Gang"]), ax!("Color", ["White", "Ivory", "Black", "Gray", "Almond"])],
    extra: [ax!("Voltage", ["120V", "120V/240V"])],
    price: (1, 150), flags: 0,
    about: ["meets code for residential and farm wiring", "installs quickly with clear wiring guides"],
};
static HH_BATTERIES: Fam = fam! {
    brands: ["Energizer", "Duracell", "Rayovac", "Panasonic"],
    show: [ax!("Size", ["AA", "AAA", "C", "D", "9V", "CR2032"]), ax!("Count", ["2 Pack", "4 Pack", "8 Pack", "16 Pack", "24 Pack"])],
    extra: [ax!("Chemistry", ["Alkaline", "Lithium", "NiMH Rechargeable"])],
    price: (3, 40), flags: 0,
    about: ["delivers long-lasting power for everyday devices", "holds power for years in storage"],
};

static ELECTRICAL: Top = top!(22, "Electrical", slug: None, banner: None, [
    sub!("Extension Cords & Power Strips", [
        leaf!("Extension Cords", CORDS, 5, ["Outdoor Extension Cord", "Heavy Duty Extension Cord", "Cold Weather Extension Cord", "Lighted End Extension Cord", "Cord Reel"]),
        leaf!("Power Strips & Surge Protectors", CORDS, 4, ["Surge Protector Power Strip", "Metal Power Strip", "Outdoor Power Stake", "Heavy Duty Power Tap"]),
    ]),
    sub!("Lighting", [
        leaf!("Light Bulbs", LIGHTING, 5, ["LED A19 Light Bulb", "LED Flood Light Bulb", "LED Shop Light Bulb", "Rough Service Bulb", "LED Corn Cob Bulb"]),
        leaf!("Work & Shop Lights", LIGHTING, 5, ["LED Shop Light", "Portable LED Work Light", "Tripod Work Light", "Barn Light", "LED Wall Pack"]),
        leaf!("Flashlights & Headlamps", LIGHTING, 5, ["LED Flashlight", "Rechargeable Spotlight", "Headlamp", "Tactical Flashlight", "LED Lantern"]),
    ]),
    sub!("Wiring Supplies", [
        leaf!("Wire & Cable", WIRING, 4, ["NM-B Romex Wire", "UF-B Underground Wire", "THHN Wire", "Low Voltage Wire"]),
        leaf!("Outlets, Switches & Boxes", WIRING, 5, ["Duplex Outlet", "GFCI Outlet", "Single Pole Switch", "Outdoor Outlet Box", "PVC Junction Box"]),
    ]),
    sub!("Household Batteries", [
        leaf!("Alkaline & Lithium Batteries", HH_BATTERIES, 5, ["Alkaline Batteries", "Max Alkaline Batteries", "Lithium Batteries", "Rechargeable Batteries"]),
    ]),
]);

// ───────────────────────────── Plumbing ─────────────────────────────

static PIPE: Fam = fam! {
    brands: ["Charlotte Pipe", "SharkBite", "Apollo", "NIBCO", "Mueller", "Everbilt", "Storefront Farm & Home", "Oatey"],
    show: [ax!("Size", ["1/2 in", "3/4 in", "1 in", "1-1/4 in", "1-1/2 in", "2 in", "3 in", "4 in"])],
    extra: [ax!("Material", ["PVC", "PEX", "Copper", "Brass", "Galvanized Steel", "Polyethylene"]), ax!("Connection", ["Push-to-Connect", "Slip", "Threaded", "Crimp", "Barbed"])],
    price: (1, 90), flags: 0,
    about: ["makes leak-free connections every time", "is rated for potable water lines"],
};
static WATER_HEATERS: Fam = fam! {
    brands: ["A.O. Smith", "Rheem", "Bradford White", "Flotec", "Wayne", "Red Lion", "Zoeller", "Goulds"],
    show: [ax!("Size", ["1/3 HP", "1/2 HP", "3/4 HP", "1 HP", "30 gal", "40 gal", "50 gal"])],
    extra: [ax!("Power Source", ["Electric", "Natural Gas", "Propane"]), ax!("Voltage", ["120V", "240V", "115V/230V"])],
    price: (90, 1400), flags: NS | WR | SZ,
    about: ["delivers dependable water day after day", "is built for long life with corrosion-resistant parts"],
};
static FIXTURES: Fam = fam! {
    brands: ["Moen", "Delta", "Pfister", "Glacier Bay", "American Standard", "Fluidmaster", "Korky", "Kohler"],
    show: [ax!("Finish", ["Chrome", "Brushed Nickel", "Matte Black", "Oil-Rubbed Bronze", "White", "Spot Resist Stainless"])],
    extra: [ax!("Handles", ["1", "2", "N/A"]), ax!("Material", ["Brass", "Zinc", "Plastic", "Vitreous China"])],
    price: (8, 400), flags: 0,
    about: ["installs easily with the included hardware", "is backed by a limited lifetime warranty"],
};
static WATER_TREAT: Fam = fam! {
    brands: ["Morton", "Diamond Crystal", "Culligan", "Pentair", "Whirlpool", "Brita", "Storefront Farm & Home"],
    show: [ax!("Size", ["40 lb", "50 lb", "Single", "2 Pack", "3 Pack"])],
    extra: [ax!("Type", ["Pellets", "Crystals", "Cartridge", "System"])],
    price: (5, 700), flags: NS,
    about: ["softens hard water to protect pipes and appliances", "reduces sediment, chlorine taste and odor"],
};

static PLUMBING: Top = top!(23, "Plumbing", slug: None, banner: None, [
    sub!("Pipe & Fittings", [
        leaf!("PVC Pipe & Fittings", PIPE, 5, ["PVC Schedule 40 Pipe", "PVC Elbow", "PVC Tee", "PVC Coupling", "PVC Ball Valve"]),
        leaf!("PEX Pipe & Fittings", PIPE, 4, ["PEX Tubing", "SharkBite|Push-to-Connect Coupling", "PEX Crimp Ring", "PEX Elbow", "Stub-Out Elbow"]),
        leaf!("Copper, Brass & Poly Fittings", PIPE, 4, ["Brass Hose Bibb", "Copper Coupling", "Poly Pipe Insert Fitting", "Frost-Free Yard Hydrant", "Brass Gate Valve"]),
    ]),
    sub!("Water Heaters & Pumps", [
        leaf!("Water Heaters", WATER_HEATERS, 3, ["Electric Water Heater", "Gas Water Heater", "Point-of-Use Water Heater"]),
        leaf!("Well & Sump Pumps", WATER_HEATERS, 4, ["Submersible Sump Pump", "Shallow Well Jet Pump", "Deep Well Submersible Pump", "Utility Pump", "Convertible Jet Pump"]),
    ]),
    sub!("Faucets & Fixtures", [
        leaf!("Faucets", FIXTURES, 4, ["Pull-Down Kitchen Faucet", "Bathroom Sink Faucet", "Utility Sink Faucet", "Tub & Shower Faucet", "Showerhead"]),
        leaf!("Toilet Parts & Repair", FIXTURES, 4, ["Fluidmaster|Fill Valve", "Toilet Flapper", "Toilet Seat", "Wax Ring Kit", "Toilet Repair Kit"]),
    ]),
    sub!("Water Treatment", [
        leaf!("Water Softener Salt", WATER_TREAT, 4, ["Water Softener Salt Pellets", "Solar Salt Crystals", "Rust Remover Softener Salt"]),
        leaf!("Water Filters & Softeners", WATER_TREAT, 3, ["Whole House Water Filter", "Replacement Filter Cartridge", "Water Softener System", "Faucet Water Filter"]),
    ]),
]);

// ───────────────────────────── Household ─────────────────────────────

static CLEANING: Fam = fam! {
    brands: ["Clorox", "Lysol", "Simple Green", "Mr. Clean", "Pine-Sol", "Dawn", "Lava", "Goop", "Storefront Farm & Home", "Fast Orange"],
    show: [ax!("Size", ["16 oz", "32 oz", "40 oz", "64 oz", "1 gal", "75 ct"])],
    extra: [ax!("Scent", ["Original", "Lemon", "Fresh", "Unscented", "Pine"])],
    price: (2, 25), flags: CH | SZ,
    about: ["cuts through grease and grime", "leaves surfaces clean and fresh"],
};
static LAUNDRY: Fam = fam! {
    brands: ["Tide", "Gain", "Arm & Hammer", "Persil", "Downy", "Shout", "OxiClean", "All"],
    show: [ax!("Size", ["42 oz", "64 oz", "92 oz", "146 oz", "32 ct", "81 ct"])],
    extra: [ax!("Scent", ["Original", "Free & Clear", "Mountain Spring", "Lavender"]), ax!("Form", ["Liquid", "Pods", "Powder"])],
    price: (4, 35), flags: SZ,
    about: ["lifts tough farm stains out in one wash", "keeps work clothes fresh"],
};
static PAPER: Fam = fam! {
    brands: ["Bounty", "Charmin", "Kleenex", "Hefty", "Glad", "Ziploc", "Reynolds", "Scott", "Contractor Pack"],
    show: [ax!("Count", ["6 Rolls", "12 Rolls", "18 Rolls", "20 ct", "40 ct", "90 ct", "200 sq ft"])],
    extra: [ax!("Size", ["Standard", "Large", "13 gal", "30 gal", "42 gal", "Gallon", "Quart"])],
    price: (3, 35), flags: 0,
    about: ["is strong and absorbent for big messes", "is a household must-have"],
};
static VACUUM: Fam = fam! {
    brands: ["Shop-Vac", "Craftsman", "Bissell", "Hoover", "Shark", "Vacmaster", "DeWalt", "Ridgid"],
    show: [ax!("Capacity", ["2.5 gal", "5 gal", "8 gal", "12 gal", "16 gal", "Standard"])],
    extra: [ax!("Peak HP", ["2.5", "4.0", "5.5", "6.5", "N/A"]), ax!("Power Source", ["Corded", "Cordless"])],
    price: (35, 350), flags: WR | SZ,
    about: ["picks up wet and dry messes in the garage and shop", "delivers strong suction for deep cleaning"],
};

static HOUSEHOLD: Top = top!(24, "Household", slug: None, banner: None, [
    sub!("Cleaning Supplies", [
        leaf!("Cleaners & Disinfectants", CLEANING, 5, ["All-Purpose Cleaner", "Disinfecting Wipes", "Disinfectant Spray", "Degreaser", "Bleach"]),
        leaf!("Hand Soap & Dish Soap", CLEANING, 4, ["Heavy Duty Hand Cleaner", "Dish Soap", "Pumice Hand Soap", "Antibacterial Hand Soap"]),
        leaf!("Mops, Brooms & Buckets", PAPER, 4, ["Push Broom", "Angle Broom", "Mop & Bucket Set", "Microfiber Mop", "Barn Broom"]),
    ]),
    sub!("Laundry", [
        leaf!("Laundry Detergent & Care", LAUNDRY, 5, ["Liquid Laundry Detergent", "Laundry Pods", "Fabric Softener", "Stain Remover", "Dryer Sheets"]),
    ]),
    sub!("Paper & Plastic", [
        leaf!("Paper Towels & Toilet Paper", PAPER, 5, ["Paper Towels", "Toilet Paper", "Facial Tissue", "Shop Towels"]),
        leaf!("Trash Bags & Food Storage", PAPER, 5, ["Kitchen Trash Bags", "Contractor Trash Bags", "Lawn & Leaf Bags", "Freezer Bags", "Aluminum Foil"]),
    ]),
    sub!("Vacuums & Floor Care", [
        leaf!("Wet/Dry Vacuums", VACUUM, 4, ["Wet/Dry Shop Vacuum", "Portable Wet/Dry Vacuum", "Stainless Steel Wet/Dry Vacuum"]),
        leaf!("Household Vacuums", VACUUM, 3, ["Upright Vacuum", "Cordless Stick Vacuum", "Carpet Cleaner", "Handheld Vacuum"]),
    ]),
]);

// ───────────────────────────── Gifts ─────────────────────────────

static GIFTS_FAM: Fam = fam! {
    brands: ["Storefront Farm & Home", "John Deere", "Carhartt", "Yankee Candle", "Buck Knives", "Pendleton", "Wisconsin Cheeseman", "Old Wisconsin"],
    show: [ax!("Style", ["Classic", "Deluxe", "Rustic", "Holiday Edition", "Personalized"])],
    extra: [ax!("Recipient", ["Him", "Her", "Kids", "Family", "Anyone"]), ax!("Gift Boxed", ["Yes", "No"])],
    price: (8, 120), flags: 0,
    about: ["makes a thoughtful gift for the farmer in your life", "arrives ready to give"],
};

static GIFTS: Top = top!(25, "Gifts", slug: None, banner: None, [
    sub!("Gifts by Recipient", [
        leaf!("Gifts for Him", GIFTS_FAM, 4, ["Pocket Knife Gift Set", "Flask Gift Set", "Grilling Gift Set", "Beef Jerky Sampler", "Leather Wallet"]),
        leaf!("Gifts for Her", GIFTS_FAM, 4, ["Candle Gift Set", "Throw Blanket Gift Set", "Hand Cream Gift Set", "Mug Gift Set"]),
        leaf!("Gifts for Kids", GIFTS_FAM, 3, ["Tractor Gift Set", "Plush Gift Set", "Activity Gift Box", "Farm Story Book Set"]),
    ]),
    sub!("Food Gifts & Seasonal", [
        leaf!("Food Gift Baskets", GIFTS_FAM, 3, ["Cheese & Sausage Gift Box", "Snack Gift Basket", "Candy Gift Tin", "Coffee Gift Set"]),
        leaf!("Holiday Decor", GIFTS_FAM, 3, ["Christmas Ornament", "LED Light Set", "Holiday Wreath", "Nativity Set", "Tree Stand"]),
    ]),
]);

// ───────────────────────────── Electronics ─────────────────────────────

static ELECTRONICS: Fam = fam! {
    brands: ["Midland", "Cobra", "Uniden", "JBL", "Bose", "Skullcandy", "Anker", "Belkin", "Mohu", "Antennas Direct", "Sony"],
    show: [ax!("Color", ["Black", "Blue", "Red", "Camo", "Gray", "White"])],
    extra: [ax!("Power Source", ["Rechargeable Battery", "AA Batteries", "12V DC", "AC Adapter", "USB-C"]), ax!("Connectivity", ["Bluetooth", "Wired", "Wi-Fi", "Radio"])],
    price: (10, 400), flags: WR,
    about: ["keeps you connected on the farm and on the road", "delivers clear sound and long battery life"],
};

static ELECTRONICS_TOP: Top = top!(26, "Electronics", slug: None, banner: None, [
    sub!("Audio", [
        leaf!("Bluetooth Speakers", ELECTRONICS, 4, ["Portable Bluetooth Speaker", "Waterproof Bluetooth Speaker", "Jobsite Radio", "Party Speaker"]),
        leaf!("Headphones & Earbuds", ELECTRONICS, 4, ["Wireless Earbuds", "Over-Ear Headphones", "Hearing Protection Earmuffs with Bluetooth", "Wired Earbuds"]),
    ]),
    sub!("Radios & Communication", [
        leaf!("Two-Way Radios", ELECTRONICS, 4, ["Two-Way Radio 2 Pack", "GMRS Two-Way Radio", "Emergency Weather Radio", "Handheld Weather Radio"]),
        leaf!("CB Radios & Scanners", ELECTRONICS, 3, ["CB Radio", "Handheld CB Radio", "Police Scanner", "CB Antenna"]),
    ]),
    sub!("Phone & TV Accessories", [
        leaf!("Chargers & Power Banks", ELECTRONICS, 5, ["Portable Power Bank", "USB-C Car Charger", "Wall Charger", "Charging Cable", "Portable Power Station"]),
        leaf!("TV Antennas", ELECTRONICS, 3, ["Indoor HDTV Antenna", "Outdoor HDTV Antenna", "Amplified Attic Antenna"]),
    ]),
]);

// ───────────────────────────── special departments ─────────────────────────────

static AUTO_SERVICE: Top =
    top!(12, "Automotive Service Center", slug: Some("automotive-service"), banner: None, []);
static ANIMAL_RX: Top = top!(13, "Animal Rx", slug: Some("animalrx"), banner: None, []);

/// All top-level departments in id order.
pub static TOPS: [&Top; 26] = [
    &FARM,
    &PET,
    &LAWN,
    &HUNT,
    &FISH,
    &CLOTHING,
    &FOOTWEAR,
    &HOME,
    &KITCHEN,
    &TOOLS,
    &HARDWARE,
    &AUTO_SERVICE,
    &ANIMAL_RX,
    &AUTO,
    &OPE,
    &HEAT,
    &TOYS,
    &SPORT,
    &FOOD,
    &HEALTH,
    &PAINT,
    &ELECTRICAL,
    &PLUMBING,
    &HOUSEHOLD,
    &GIFTS,
    &ELECTRONICS_TOP,
];
