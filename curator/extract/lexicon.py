"""Word lists the constructions read with: kinship and pet nouns, breeds, diets, languages,
occupations, conditions and medicines, German and English. Lower-case keys; values are the
normalised tokens of the core vocabulary where it names them."""

from __future__ import annotations

import re

from curator.language import rx

# noun → (relation token, gender "f" | "m" | "")
KIN = {
    "schwester": ("sister", "f"), "sister": ("sister", "f"), "sis": ("sister", "f"),
    "bruder": ("brother", "m"), "brother": ("brother", "m"), "bro": ("brother", "m"),
    "stepmum": ("mother", "f"), "stepdad": ("father", "m"), "mutter": ("mother", "f"),
    "mama": ("mother", "f"), "mum": ("mother", "f"), "mam": ("mother", "f"), "mom": ("mother", "f"),
    "mother": ("mother", "f"), "vater": ("father", "m"), "papa": ("father", "m"),
    "dad": ("father", "m"), "father": ("father", "m"), "tochter": ("daughter", "f"),
    "daughter": ("daughter", "f"), "sohn": ("son", "m"), "son": ("son", "m"),
    "lad": ("son", "m"), "frau": ("wife", "f"), "ehefrau": ("wife", "f"), "wife": ("wife", "f"),
    "mann": ("husband", "m"), "ehemann": ("husband", "m"), "husband": ("husband", "m"),
    "partner": ("partner", ""), "partnerin": ("partner", "f"), "girlfriend": ("partner", "f"),
    "boyfriend": ("partner", "m"), "verlobte": ("fiancee", "f"), "verlobter": ("fiancee", "m"),
    "fiancee": ("fiancee", "f"), "fiancée": ("fiancee", "f"), "fiance": ("fiancee", "m"),
    "fiancé": ("fiancee", "m"), "cousine": ("cousin", "f"), "cousin": ("cousin", ""),
    "oma": ("grandmother", "f"), "großmutter": ("grandmother", "f"), "grandma": ("grandmother", "f"),
    "granny": ("grandmother", "f"), "nan": ("grandmother", "f"), "grandmother": ("grandmother", "f"),
    "opa": ("grandfather", "m"), "großvater": ("grandfather", "m"), "grandad": ("grandfather", "m"),
    "granddad": ("grandfather", "m"), "grandpa": ("grandfather", "m"),
    "grandfather": ("grandfather", "m"), "tante": ("aunt", "f"), "aunt": ("aunt", "f"),
    "auntie": ("aunt", "f"), "onkel": ("uncle", "m"), "uncle": ("uncle", "m"),
    "nichte": ("niece", "f"), "niece": ("niece", "f"), "neffe": ("nephew", "m"),
    "nephew": ("nephew", "m"), "freundin": ("friend", "f"), "freund": ("friend", "m"),
    "kumpel": ("friend", "m"), "friend": ("friend", ""), "mate": ("friend", ""),
    "buddy": ("friend", ""), "kollege": ("colleague", "m"), "kollegin": ("colleague", "f"),
    "colleague": ("colleague", ""), "coworker": ("colleague", ""), "chef": ("boss", "m"),
    "chefin": ("boss", "f"), "boss": ("boss", ""), "manager": ("boss", ""),
    "managerin": ("boss", "f"), "vorgesetzte": ("boss", "f"), "vorgesetzter": ("boss", "m"),
    "nachbar": ("neighbour", "m"), "nachbarin": ("neighbour", "f"), "neighbour": ("neighbour", ""),
    "neighbor": ("neighbour", ""), "mitbewohner": ("flatmate", "m"),
    "mitbewohnerin": ("flatmate", "f"), "flatmate": ("flatmate", ""),
    "lebensgefährte": ("partner", "m"), "lebensgefährtin": ("partner", "f"),
    "gatte": ("husband", "m"), "gattin": ("wife", "f"), "bestie": ("friend", ""),
    "arbeitskollege": ("colleague", "m"), "arbeitskollegin": ("colleague", "f"),
    "teamkollege": ("colleague", "m"), "teamkollegin": ("colleague", "f"),
    "workmate": ("colleague", ""), "roomie": ("flatmate", ""), "mutti": ("mother", "f"),
    "vati": ("father", "m"), "kusine": ("cousin", "f"), "mami": ("mother", "f"),
    "papi": ("father", "m"), "mummy": ("mother", "f"), "mommy": ("mother", "f"),
    "daddy": ("father", "m"),
    "grandmum": ("grandmother", "f"), "grandmom": ("grandmother", "f"),
    "großonkel": ("uncle", "m"), "großtante": ("aunt", "f"), "hubby": ("husband", "m"),
    "roommate": ("flatmate", ""), "housemate": ("flatmate", ""),
    # chat shorthand and slang for a partner or a friend
    "gf": ("partner", "f"), "bf": ("partner", "m"), "missus": ("wife", "f"), "pal": ("friend", ""),
    # step and half kin are named by the relation they stand in, as "stepmum" above
    "stepson": ("son", "m"), "stepdaughter": ("daughter", "f"), "stiefsohn": ("son", "m"),
    "stieftochter": ("daughter", "f"), "stepmom": ("mother", "f"), "stepmother": ("mother", "f"),
    "stepfather": ("father", "m"), "stiefmutter": ("mother", "f"), "stiefvater": ("father", "m"),
    "stepbrother": ("brother", "m"), "stepsister": ("sister", "f"),
    "stiefbruder": ("brother", "m"), "stiefschwester": ("sister", "f"),
    "halbbruder": ("brother", "m"), "halbschwester": ("sister", "f"),
    "half-brother": ("brother", "m"), "half-sister": ("sister", "f"),
    "enkel": ("grandson", "m"), "enkelin": ("granddaughter", "f"), "grandson": ("grandson", "m"),
    "granddaughter": ("granddaughter", "f"), "schwager": ("brother-in-law", "m"),
    "schwägerin": ("sister-in-law", "f"), "brother-in-law": ("brother-in-law", "m"),
    "sister-in-law": ("sister-in-law", "f"), "schwiegermutter": ("mother-in-law", "f"),
    "schwiegervater": ("father-in-law", "m"), "mother-in-law": ("mother-in-law", "f"),
    "father-in-law": ("father-in-law", "m"), "schwiegersohn": ("son-in-law", "m"),
    "schwiegertochter": ("daughter-in-law", "f"), "son-in-law": ("son-in-law", "m"),
    "daughter-in-law": ("daughter-in-law", "f"), "patenkind": ("godchild", ""),
    "godson": ("godchild", "m"), "goddaughter": ("godchild", "f"),
    # who one works for or with, by the name of the role
    "supervisor": ("boss", ""), "line manager": ("boss", ""),
    "teamleiter": ("boss", "m"), "teamleiterin": ("boss", "f"), "apprentice": ("colleague", ""),
    "azubi": ("colleague", ""), "auszubildende": ("colleague", "f"),
    "auszubildender": ("colleague", "m"), "lehrling": ("colleague", ""),
    # weak nouns inflect after "meinen", "meinem", "den" ("mit meinem Nachbarn Olli")
    "kollegen": ("colleague", "m"), "arbeitskollegen": ("colleague", "m"),
    "nachbarn": ("neighbour", "m"), "neffen": ("nephew", "m"),
    # a parent's word for their own children ("meine Jungs Ben und Paul", "my wee girl")
    "jungs": ("son", "m"), "boys": ("son", "m"), "little girl": ("daughter", "f"),
    "wee girl": ("daughter", "f"), "little boy": ("son", "m"), "wee boy": ("son", "m"),
    "nana": ("grandmother", "f"), "nanna": ("grandmother", "f"),
    # everyday and regional words for a partner, a friend, a boss or one sharing the home
    # ("my other half Shazia", "mei spezl Wastl", "gaffer's Alan", "a lodger, Ollie")
    "other half": ("partner", ""), "wifey": ("wife", "f"), "spezl": ("friend", "m"),
    "kumpeline": ("friend", "f"), "gaffer": ("boss", ""), "lodger": ("flatmate", ""),
}  # fmt: skip
# kin nouns that name a partner when the two are "together" ("seit einem Jahr zusammen")
PARTNER_WHEN_TOGETHER = {"freundin", "freund", "girlfriend", "boyfriend"}
# kin words said before a name as a title or a form of address ("Tante Ilse", "mama Andrea",
# "hubby Glen", "grandad (Albert)")
TITLES = {
    "tante", "onkel", "oma", "opa", "aunt", "auntie", "uncle", "grandma", "grandpa", "nan",
    "nana", "nanna", "granny", "grandad", "granddad", "mama", "papa", "mum", "mom", "mam", "dad",
    "hubby",
}  # fmt: skip

# noun → (species token, gender)
PETS = {
    "katze": ("cat", "f"), "kater": ("cat", "m"), "kätzchen": ("cat", ""), "cat": ("cat", ""),
    "kitten": ("cat", ""), "kitty": ("cat", ""), "hund": ("dog", "m"), "hündin": ("dog", "f"),
    "welpe": ("dog", ""), "dog": ("dog", ""), "puppy": ("dog", ""), "pup": ("dog", ""), "hase": ("rabbit", "m"),
    "kaninchen": ("rabbit", ""), "rabbit": ("rabbit", ""), "bunny": ("rabbit", ""),
    "pferd": ("horse", ""), "stute": ("horse", "f"), "horse": ("horse", ""),
    "pony": ("horse", ""), "mare": ("horse", "f"), "wallach": ("horse", "m"),
    "gelding": ("horse", "m"), "rüde": ("dog", "m"), "zwergkaninchen": ("rabbit", ""),
    "katerchen": ("cat", "m"), "vogel": ("bird", ""), "bird": ("bird", ""),
    "wellensittich": ("bird", ""), "wellensittiche": ("bird", ""), "budgie": ("bird", ""),
    "budgies": ("bird", ""), "papagei": ("bird", ""), "parrot": ("bird", ""),
    "kanarienvogel": ("bird", ""), "fisch": ("fish", ""), "fish": ("fish", ""),
    "goldfisch": ("fish", ""), "goldfish": ("fish", ""), "hamster": ("hamster", ""),
    "meerschweinchen": ("guinea_pig", ""), "guinea pig": ("guinea_pig", ""),
    "guinea pigs": ("guinea_pig", ""), "katzen": ("cat", ""), "cats": ("cat", ""),
    "hunde": ("dog", ""), "dogs": ("dog", ""), "rabbits": ("rabbit", ""),
    "schildkröte": ("tortoise", ""), "landschildkröte": ("tortoise", ""),
    "tortoise": ("tortoise", ""), "turtle": ("tortoise", ""),
}  # fmt: skip
# breed → species (a breed names its species too: "our corgi")
BREEDS = {
    "labrador": "dog", "golden retriever": "dog", "retriever": "dog", "beagle": "dog",
    "corgi": "dog", "husky": "dog", "collie": "dog", "border collie": "dog", "dackel": "dog",
    "dachshund": "dog", "schäferhund": "dog", "pudel": "dog", "poodle": "dog", "spaniel": "dog",
    "terrier": "dog", "mops": "dog", "pug": "dog", "boxer": "dog", "dalmatiner": "dog",
    "chihuahua": "dog", "whippet": "dog", "greyhound": "dog", "windhund": "dog",
    "maine coon": "cat", "perser": "cat", "persian": "cat", "siamese": "cat", "siam": "cat",
    "bengal": "cat", "ragdoll": "cat", "britisch kurzhaar": "cat", "british shorthair": "cat",
    "norwegische waldkatze": "cat", "sphynx": "cat", "zwergwidder": "rabbit", "widder": "rabbit",
    "rex": "rabbit", "lop": "rabbit", "lionhead": "rabbit", "connemara": "horse",
    "haflinger": "horse", "araber": "horse", "arab": "horse", "shetland": "horse",
    "isländer": "horse", "friese": "horse", "betta": "fish", "guppy": "fish",
    # kinds of parrot kept at home, each its own kind of bird
    "cockatiel": "bird", "nymphensittich": "bird", "cockatoo": "bird", "kakadu": "bird",
    "african grey": "bird", "graupapagei": "bird", "lovebird": "bird", "agapornide": "bird",
    "birman": "cat", "heilige birma": "cat", "burmese": "cat", "abyssinian": "cat",
    "abessinier": "cat", "russian blue": "cat", "russisch blau": "cat", "scottish fold": "cat",
    "devon rex": "cat", "savannah": "cat", "tonkinese": "cat", "exotic shorthair": "cat",
    "französische bulldogge": "dog", "french bulldog": "dog", "frenchie": "dog",
    "bulldogge": "dog", "bulldog": "dog", "cockapoo": "dog", "cavapoo": "dog",
    "labradoodle": "dog", "goldendoodle": "dog", "cocker spaniel": "dog", "springer spaniel": "dog",
    "jack russell": "dog", "staffy": "dog", "staffie": "dog", "rottweiler": "dog",
    "dobermann": "dog", "doberman": "dog", "shih tzu": "dog", "malteser": "dog",
    "maltese": "dog", "yorkshire terrier": "dog", "yorkie": "dog", "westie": "dog",
    "schnauzer": "dog", "pinscher": "dog", "australian shepherd": "dog", "aussie": "dog",
    "berner sennenhund": "dog", "bernese": "dog", "weimaraner": "dog", "vizsla": "dog",
    "magyar vizsla": "dog", "shiba": "dog", "shiba inu": "dog", "akita": "dog",
    "samojede": "dog", "samoyed": "dog", "pomeranian": "dog", "zwergspitz": "dog",
    "spitz": "dog", "podenco": "dog", "galgo": "dog", "lurcher": "dog", "setter": "dog",
    "pointer": "dog", "deutsch drahthaar": "dog", "münsterländer": "dog", "hovawart": "dog",
    "leonberger": "dog", "neufundländer": "dog", "newfoundland": "dog", "bernedoodle": "dog",
    "appaloosa": "horse", "quarter horse": "horse", "trakehner": "horse", "hannoveraner": "horse",
    "tinker": "horse", "fjordpferd": "horse", "norweger": "horse", "welsh pony": "horse",
    "thoroughbred": "horse", "vollblut": "horse", "kaltblut": "horse", "warmblut": "horse",
    # more of the breeds and kinds people keep, across the countries the users write from
    "kelpie": "dog", "cattle dog": "dog", "heeler": "dog", "blue heeler": "dog",
    "red heeler": "dog", "border terrier": "dog", "great dane": "dog", "dogge": "dog",
    "deutsche dogge": "dog", "havaneser": "dog", "havanese": "dog", "bichon": "dog",
    "cavalier king charles": "dog", "king charles": "dog", "sheltie": "dog",
    "bearded collie": "dog", "mastiff": "dog", "bernhardiner": "dog", "saint bernard": "dog",
    "malamute": "dog", "eurasier": "dog", "chow chow": "dog", "basset": "dog",
    "bloodhound": "dog", "ridgeback": "dog", "rhodesian ridgeback": "dog", "jagdterrier": "dog",
    "parson russell": "dog", "kromfohrländer": "dog", "bordercollie": "dog",
    "ragamuffin": "cat", "norwegian forest cat": "cat", "europäisch kurzhaar": "cat",
    "european shorthair": "cat", "galah": "bird", "rosella": "bird",
    "parakeet": "bird", "sittich": "bird", "conure": "bird", "macaw": "bird", "ara": "bird",
    "zebrafink": "bird", "zebra finch": "bird", "budgerigar": "bird",
    "canary": "bird",
    # a breed named with its variety
    "pembroke corgi": "dog", "welsh corgi": "dog", "cardigan corgi": "dog",
    "holland lop": "rabbit", "mini lop": "rabbit", "french lop": "rabbit",
    "english lop": "rabbit", "netherland dwarf": "rabbit",
}  # fmt: skip
# breeds that name people as well ("Max, a boxer", "Darius, ein Perser"): no animal by themselves
BREEDS_ALSO_PEOPLE = frozenset(
    {"boxer", "pointer", "setter", "araber", "arab", "friese", "perser", "persian", "isländer",
     "norweger", "tinker", "siamese", "siam", "maltese", "malteser", "bengal", "aussie",
     "frenchie", "burmese", "abyssinian", "abessinier", "russian blue", "thoroughbred", "spitz",
     "canary", "basset", "mastiff"}
)  # fmt: skip
DEVICES = {"saugroboter", "roomba", "staubsaugerroboter", "robot vacuum", "mähroboter"}

DIETS = {
    "vegan": "vegan", "veganer": "vegan", "veganerin": "vegan", "vegetarisch": "vegetarian",
    "vegetarier": "vegetarian", "vegetarierin": "vegetarian", "vegetarian": "vegetarian",
    "veggie": "vegetarian", "pescetarian": "pescetarian", "pescatarian": "pescetarian",
    "pescetarier": "pescetarian", "pescetarierin": "pescetarian", "glutenfrei": "gluten_free",
    "gluten-free": "gluten_free", "gluten free": "gluten_free", "laktosefrei": "lactose_free",
    "lactose-free": "lactose_free", "halal": "halal", "koscher": "kosher", "kosher": "kosher",
}  # fmt: skip
# conditions that imply a diet
CONDITION_DIETS = {"zöliakie": "gluten_free", "coeliac": "gluten_free", "celiac": "gluten_free",
                   "laktoseintoleranz": "lactose_free", "lactose intolerant": "lactose_free",
                   "laktoseintolerant": "lactose_free", "lactose intolerance": "lactose_free",
                   "gluten intolerant": "gluten_free", "gluten intolerance": "gluten_free",
                   "glutenintolerant": "gluten_free", "glutenintoleranz": "gluten_free",
                   "glutenunverträglichkeit": "gluten_free",
                   "laktoseunverträglichkeit": "lactose_free"}  # fmt: skip

LANGUAGES = {
    "deutsch", "englisch", "französisch", "spanisch", "italienisch", "portugiesisch",
    "polnisch", "russisch", "türkisch", "arabisch", "japanisch", "chinesisch", "mandarin",
    "kantonesisch", "niederländisch", "dänisch", "schwedisch", "norwegisch", "griechisch",
    "ukrainisch", "kroatisch", "tschechisch", "ungarisch", "hindi", "koreanisch",
    "german", "english", "french", "spanish", "italian", "portuguese", "polish", "russian",
    "turkish", "arabic", "japanese", "chinese", "cantonese", "dutch", "danish", "swedish",
    "norwegian", "greek", "ukrainian", "croatian", "czech", "hungarian", "korean", "welsh",
    "irish", "gaelic", "urdu", "punjabi", "bengali", "farsi", "hebrew", "vietnamese", "thai",
}  # fmt: skip

CONDITIONS = {
    "asthma", "migräne", "migraine", "migraines", "diabetes", "typ-1-diabetes",
    "typ-2-diabetes", "type 1 diabetes", "type 2 diabetes", "zöliakie", "coeliac", "celiac",
    "adhs", "adhd", "autismus", "autism", "depression", "depressionen", "epilepsie",
    "epilepsy", "neurodermitis", "eczema", "ekzem", "rheuma", "arthritis", "arthrose",
    "bluthochdruck", "high blood pressure", "hypertension", "tinnitus", "laktoseintoleranz",
    "lactose intolerance", "hashimoto", "morbus crohn", "crohn's", "crohns", "psoriasis",
    "schuppenflechte", "heuschnupfen", "hay fever", "anxiety", "angststörung", "ibs",
    "reizdarm", "long covid", "ms", "multiple sklerose", "multiple sclerosis", "gicht", "gout",
    "schilddrüsenunterfunktion", "schilddrüsenüberfunktion", "hypothyroidism",
    "bandscheibenvorfall", "sleep apnoea", "schlafapnoe", "pcos", "endometriose",
    "endometriosis", "hayfever", "hay-fever", "insomnia", "schlafstörungen", "schlaflosigkeit",
    "high cholesterol", "cholesterol", "erhöhtes cholesterin", "cholesterin", "anemia",
    "anaemia", "blutarmut", "eisenmangel", "bronchitis", "sinusitis", "sciatica", "ischias",
    "osteoporose", "osteoporosis", "fibromyalgie", "fibromyalgia", "burnout", "burn-out",
    "panic attacks", "panikattacken", "bipolar", "schizophrenie", "colitis", "gastritis",
    "sodbrennen", "reflux", "acid reflux", "lupus", "parkinson", "parkinson's", "alzheimer",
    "alzheimer's", "demenz", "dementia", "glaukom", "glaucoma", "grauer star", "cataracts",
    "lactose intolerant", "laktoseintolerant", "histaminintoleranz", "fructoseintoleranz",
    "rückenschmerzen", "back pain", "tennisarm", "tennis elbow", "plantar fasciitis",
    "prädiabetes", "prediabetes", "pre-diabetes", "sleep apnea", "gluten intolerant",
    "gluten intolerance", "glutenintolerant", "glutenintoleranz", "glutenunverträglichkeit",
    "laktoseunverträglichkeit",
}  # fmt: skip
# what a condition is called in chat, and the name a careful person writes down
CONDITION_SLANG = {"afib": "atrial fibrillation", "a-fib": "atrial fibrillation"}
# parts of the body a complaint sits in: said alone they name where, not what ("my knee
# says otherwise", "mein Rücken meldet sich")
BODY_PARTS = frozenset({
    "knie", "knee", "knees", "rücken", "back", "hüfte", "hip", "schulter", "shoulder", "nacken",
    "neck", "handgelenk", "wrist", "knöchel", "ankle", "fuß", "foot", "ellbogen", "elbow",
    "daumen", "thumb", "finger", "zeh", "toe", "ohr", "ear", "auge", "eye",
    "lendenwirbelsäule", "halswirbelsäule", "wirbelsäule", "spine", "sprunggelenk",
    "oberschenkel", "thigh", "wade", "calf", "arm", "bein", "leg", "hand", "kiefer", "jaw",
})  # fmt: skip
# where on the body a condition sits ("Bänderzerrung im linken Knie", "arthritis in my
# knee"): said right after it, the place is part of its name
BODY_LOCATION = (
    r"(?:im|am|in\s+der|an\s+der|in\s+(?:the|my)|on\s+(?:the|my))\s+"
    r"(?:(?:linken|rechten|left|right|lower|upper|unteren|oberen)\s+)?"
    rf"(?:{'|'.join(sorted(BODY_PARTS, key=len, reverse=True))})\b"
)
# an injury, named by the body part and what happened to it ("Kreuzbandriss", "Bänderriss",
# "Muskelzerrung", "hamstring tear", "torn meniscus"); a part alone is needed, as "Grundriss",
# "Einbruch" or "a tear in the sofa" name no injury
BODY_PARTS_DE = (
    r"(?:kreuzband|innenband|außenband|bänder|band|meniskus|muskelfaser|muskel|sehnen|"
    r"achillessehnen|leisten|waden|oberschenkel|schulter|syndesmose|arm|bein|hand|handgelenk|"
    r"fuß|sprunggelenk|schlüsselbein|rippen|knöchel|zehen|finger|mittelfuß|steißbein)"
)
BODY_PARTS_EN = (
    r"(?:acl|mcl|meniscus|hamstring|calf|groin|quad|ligament|knee ligament|achilles|"
    r"rotator cuff|wrist|ankle|arm|leg|collarbone|rib|ribs|toe|finger|shoulder|hip)"
)
INJURY = (
    rf"{BODY_PARTS_DE}(?:riss|ruptur|bruch|zerrung|prellung|verstauchung)"
    rf"|(?:torn|ruptured|pulled|broken|fractured|sprained|dislocated)\s+(?:left\s+|right\s+)?"
    rf"{BODY_PARTS_EN}"
    rf"|{BODY_PARTS_EN}\s+(?:tear|strain|rupture|fracture)"
)
# a condition no list names, told by how medicine names conditions: inflammations
# ("Tendinitis", "bursitis"), syndromes, disorders, intolerances, deficiencies, scleroses,
# "-osis" (not after an n: "diagnosis", "prognosis" name no condition)
CONDITION_FORM = (
    r"(?:schlaf|angst|ess|persönlichkeits|zwangs|entwicklungs|sprach|hör|seh|durchblutungs|"
    r"stoffwechsel|herzrhythmus|aufmerksamkeits|belastungs|anpassungs|panik|wahrnehmungs)"
    r"störung|"
    # "Morbus Bechterew": the Latin word for a disease before its eponym
    r"morbus\s+[a-zäöüß][a-zäöüß-]{2,}|"
    r"[a-zäöüß][a-zäöüß-]{2,}(?:itis|syndrom|syndrome|insuffizienz|flimmern|"
    r"erkrankung|intoleranz|unverträglichkeit|sklerose|[a-mo-zäöüß]osis|disorder|"
    # an inflammation or infection named by where it sits ("Sehnenscheidenentzündung")
    r"entzündung|infektion|"
    r"intolerance|deficiency|insufficiency|fibrillation)"
    # English writes them apart: "fructose intolerance", "an eating disorder"
    r"|(?!(?:the|this|that|his|her|their|our|your|some|any|rare|bad|weird)\b)"
    r"[a-z][a-z'-]{2,}\s+(?:intolerance|disorder|deficiency|syndrome|disease)"
    rf"|{INJURY}"
)
# what the one who has a condition is called, and the condition ("I'm diabetic", "ich bin
# Asthmatikerin")
CONDITION_ADJECTIVES = {"diabetic": "diabetes", "asthmatic": "asthma", "epileptic": "epilepsy",
                        "coeliac": "coeliac disease", "celiac": "celiac disease",
                        "autistic": "autism", "anaemic": "anaemia", "anemic": "anemia",
                        "diabetiker": "Diabetes", "diabetikerin": "Diabetes",
                        "asthmatiker": "Asthma", "asthmatikerin": "Asthma",
                        "epileptiker": "Epilepsie", "epileptikerin": "Epilepsie",
                        "migräniker": "Migräne", "migränikerin": "Migräne"}  # fmt: skip
MEDICINE = re.compile(
    r"^(?:[A-Za-zÄÖÜäöü-]{2,}(?:thyroxin|triptan|pril|sartan|olol|statin|azol|prazol|cillin|"
    r"mycin|cyclin|tidin|izin|izine|tralin|traline|alopram|xetin|xetine|formin|fenac|profen|"
    # (benzodiazepines end "-olam" or "-epam": "Hallam", "Salam" are no drugs)
    r"mab|epam|olam|apin|apine|idon|idone|amin|amine|oxetin|afil|gliptin|parin|"
    # more of the stems international drug names are built on ("Allopurinol", "amlodipine",
    # "omeprazole", "pregabalin", "Furosemid", "apixaban", "montelukast")
    r"purinol|dipin|dipine|azole|prazole|tidine|gabalin|pentin|semid|semide|oxacin|xaban|"
    r"gatran|lukast|butamol|faxin|faxine|xostat|chicin|chicine|tropium|gliflozin|glutid|"
    r"glutide|setron|coxib|dronat|dronate)|"
    r"insulin|aspirin|paracetamol|ibuprofen|melatonin|cortison|kortison|prednisolon|"
    r"prednisone|metformin|levothyroxine|pille|the pill|antihistamine|antihistaminika|"
    # corticoids and aminosalicylates ("Mometason", "dexamethasone", "mesalazine"), with a
    # stem before the ending ("Jason", "Mason" are names)
    r"[a-zäöü]{3,}(?:ason|asone)|[a-zäöü]+salazine?|"
    # brands sold over the counter, named as often as the substance
    r"nurofen|voltaren|advil|tylenol|panadol|calpol|lemsip|sudafed|zyrtec|claritin|dolormin|"
    r"thomapyrin|buscopan|iberogast)$",
    re.I,
)
# a dose or the form a medicine is taken in: "lamotrigine 100mg twice a day", "half a tab",
# "inhalier jeden Morgen Budesonid" say how a medicine is taken, whatever its name
DOSE = re.compile(
    r"^(?:\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|ml|ie|iu)|mg|mcg|µg|mikrogramm|milligramm|tabs?|"
    r"tablets?|tabletten?|pills?|pillen|capsules?|kapseln?|inhaler|inhalier\w*|puffs?|dose|"
    r"dosis)$",
    re.I,
)
# what is worn or used for an injury or an illness: a thing one has, never a condition
# ("schiene hab ich", "still on crutches")
MEDICAL_AIDS = {
    "schiene", "gips", "gipsbein", "gipsarm", "krücken", "krücke", "verband", "bandage",
    "orthese", "pflaster", "tape", "halskrause", "rollstuhl", "rollator", "hörgerät",
    "zahnspange", "brille", "kontaktlinsen", "inhalator", "splint", "cast", "crutches",
    "crutch", "brace", "sling", "plaster", "wheelchair", "walker", "hearing aid",
    "glasses", "contacts", "inhaler", "boot", "moon boot",
}  # fmt: skip
# what a medicine is called in chat, and the name a careful person writes down
MEDICINE_SLANG = {"ibu": "Ibuprofen", "ibus": "Ibuprofen", "diclo": "Diclofenac",
                  "paracet": "Paracetamol"}  # fmt: skip

OCCUPATIONS = {
    "nurse", "teacher", "doctor", "engineer", "developer", "dev", "designer", "paramedic",
    "barista", "accountant", "plumber", "firefighter", "pharmacist", "chef", "cook",
    "hygienist", "electrician", "carpenter", "joiner", "lawyer", "solicitor", "architect",
    "dentist", "vet", "midwife", "programmer", "consultant", "analyst", "librarian",
    "photographer", "journalist", "writer", "editor", "cashier", "waiter", "waitress",
    "mechanic", "driver", "pilot", "scientist", "researcher", "lecturer", "professor",
    "manager", "cleaner", "carer", "caregiver", "therapist", "physiotherapist", "surgeon",
    "receptionist", "student", "baker", "butcher", "farmer", "gardener", "builder",
    "postman", "police officer", "officer", "soldier", "tutor", "translator",
    "secretary", "administrator", "technician", "clerk", "banker", "salesman", "estate agent",
    "paralegal", "social worker", "optician", "optometrist", "radiographer", "hairdresser",
    "freelancer", "illustrator", "animator", "musician", "actor", "actress", "tailor",
    "arzt", "ärztin", "koch", "köchin", "pflegefachfrau", "pflegefachmann", "hebamme",
    "erzieher", "erzieherin", "lehrer", "lehrerin", "tischler", "tischlerin", "schreiner",
    "elektriker", "elektrikerin", "bäcker", "bäckerin", "friseur", "friseurin", "anwalt",
    "anwältin", "fotograf", "fotografin", "bibliothekar", "bibliothekarin", "busfahrer",
    "busfahrerin", "polizist", "polizistin", "apotheker", "apothekerin", "zahnarzt",
    "zahnärztin", "krankenschwester", "krankenpfleger", "physiotherapeut",
    "physiotherapeutin", "journalistin", "ingenieur", "ingenieurin",
    "informatiker", "informatikerin", "architekt", "architektin", "studentin", "azubi", "kellner", "kellnerin", "verkäufer", "verkäuferin", "statiker", "statikerin",
    "tierarzt", "tierärztin", "hausmeister", "steuerberater", "steuerberaterin", "beamter",
    "beamtin", "sozialarbeiter", "sozialarbeiterin", "altenpfleger", "altenpflegerin",
    "dolmetscher", "dolmetscherin", "übersetzer", "übersetzerin", "grafiker", "grafikerin",
    "mechaniker", "mechanikerin", "mechatroniker", "maurer", "dachdecker", "gärtner",
    "gärtnerin", "landwirt", "landwirtin", "kassierer", "kassiererin", "programmierer",
    "programmiererin", "fachangestellte", "fachangestellter", "kauffrau", "kaufmann",
    "filialleiter", "filialleiterin", "teamleiter", "teamleiterin", "kundenberater",
    "kundenberaterin", "softwareentwickler", "softwareentwicklerin", "entwickler",
    "entwicklerin", "projektmanager", "projektmanagerin", "feuerwehrmann",
    "feuerwehrfrau", "sanitäter", "sanitäterin", "notfallsanitäter", "pfleger", "pflegerin",
    "schauspieler", "schauspielerin", "musiker", "musikerin", "richter", "richterin",
    "klempner", "klempnerin", "installateur", "installateurin", "postbote", "postbotin",
    "briefträger", "briefträgerin", "wachmann", "hausfrau", "hausmann",
    "kinderpfleger", "kinderpflegerin", "zahnarzthelferin", "arzthelferin",
    "mtra", "pta", "bauer", "bäuerin", "metzger", "metzgerin",
    "fleischer", "konditor", "konditorin", "schneider", "schneiderin", "optiker",
    "optikerin", "hörakustiker", "logopäde", "logopädin", "ergotherapeut", "ergotherapeutin",
    "psychologe", "psychologin", "psychotherapeut", "psychotherapeutin", "pastor",
    "pastorin", "pfarrer", "pfarrerin", "lokführer", "lokführerin", "pilotin", "stewardess",
    "flugbegleiter", "flugbegleiterin", "schreinerin", "malerin", "maler", "lackierer",
    "fliesenleger", "heizungsbauer", "zimmermann", "steinmetz", "goldschmied",
    "goldschmiedin", "juwelier", "friseuse", "kosmetikerin", "redakteur",
    "redakteurin", "autor", "autorin", "lektor", "lektorin", "professorin", "dozent",
    "dozentin", "doktorand", "doktorandin", "werkstudent", "werkstudentin",
    "praktikant", "praktikantin", "auszubildende", "auszubildender", "lagerist",
    "lageristin", "kommissionierer", "paketbote", "kurier", "taxifahrer", "taxifahrerin",
    "berufskraftfahrer", "lkw-fahrer", "lkw-fahrerin", "buchhalter", "buchhalterin",
    "controller", "controllerin", "notar", "notarin", "staatsanwalt", "staatsanwältin",
    "polizeibeamter", "polizeibeamtin", "soldatin", "soldat", "zahntechniker",
    "security guard", "guard", "bartender", "barman", "barmaid", "housewife",
    "stay-at-home mum", "stay-at-home mom", "stay-at-home dad", "homemaker", "courier",
    "delivery driver", "lorry driver", "truck driver", "taxi driver", "cabbie", "bus driver",
    "postwoman", "mail carrier", "porter", "janitor", "caretaker", "childminder", "nanny",
    "au pair", "teaching assistant", "dietitian", "nutritionist", "psychologist",
    "psychiatrist", "counsellor", "counselor", "vicar", "priest", "rabbi", "imam",
    "bricklayer", "roofer", "painter", "decorator", "welder", "locksmith", "tiler",
    "landscaper", "florist", "jeweller", "barber", "beautician", "stylist", "copywriter",
    "marketer", "recruiter", "auditor", "actuary", "economist", "statistician",
    "data scientist", "sysadmin", "web developer", "coder", "intern",
    "apprentice", "trainee", "sonographer", "surveyor", "civil servant", "politician", "councillor", "coastguard",
    "warehouse operative", "forklift driver", "machinist", "fitter", "plasterer",
    "physio", "gp", "registrar", "anaesthetist",
    # roles said in shift work and offices ("shift supervisor", "lab tech", "admin at …")
    "supervisor", "tech", "admin", "junior doctor", "trainer", "sexton", "verger",
}  # fmt: skip
# trades the embedding model places among people rather than jobs; kept apart from
# OCCUPATIONS, whose every entry moves where the model places an unlisted noun
# ("birdwatcher" came among the jobs beside "gamekeeper")
TRADES_UNPLACED = {
    "lineman", "hawker", "boatbuilder", "saddler", "farrier", "fisherman", "stevedore",
    "gamekeeper", "ranger", "valuer", "fischer", "fischerin", "bestatter", "bestatterin",
}  # fmt: skip
OCCUPATION_SUFFIXES = (
    "lehrer", "lehrerin", "leiter", "leiterin", "entwickler", "entwicklerin", "berater",
    "beraterin", "fahrer", "fahrerin", "fachfrau", "fachmann", "arzt", "ärztin", "pfleger",
    "pflegerin", "ingenieur", "ingenieurin", "techniker", "technikerin", "kaufmann",
    "kauffrau", "angestellte", "angestellter", "meister", "meisterin", "therapeut",
    "therapeutin", "wissenschaftler", "wissenschaftlerin", "designer", "designerin",
    "manager", "managerin", "assistent", "assistentin", "referent", "referentin",
    "sachbearbeiter", "sachbearbeiterin", "verkäufer", "verkäuferin", "arbeiter", "arbeiterin",
    "engineer", "developer", "designer", "manager", "analyst", "assistant", "technician",
    "officer", "worker", "teacher", "nurse", "consultant", "accountant", "specialist",
    "coordinator", "administrator", "scientist", "statiker", "statikerin", "practitioner",
    # trades and professions named by their field ("Kfz-Mechatroniker", "Lagerlogistikerin")
    "mechaniker", "mechanikerin", "mechatroniker", "mechatronikerin", "elektroniker",
    "elektronikerin", "logistiker", "logistikerin", "informatiker", "informatikerin",
    "bibliothekar", "bibliothekarin", "grafiker", "grafikerin", "physiker", "physikerin",
    "chemiker", "chemikerin", "musiker", "musikerin",
    # professions named by their field ("mortgage advisor", "paediatrician", "cardiologist")
    "advisor", "adviser", "ician", "ologist", "iatrist", "therapist", "ologe", "ologin",
    "iater", "iaterin",
    # crafts named by what they make or work ("Orgelbauerin", "Hufschmied", "Glockengießerin",
    # "Hörakustiker", "locksmith", "wheelwright", "court stenographer", "bell founder"; not
    # "-maker", as in "troublemaker", "pacemaker")
    "bauer", "bauerin", "schmied", "schmiedin", "gießer", "gießerin", "akustiker", "akustikerin",
    "smith", "wright", "grapher", "founder",
)  # fmt: skip

# English verbs that name the occupation ("I teach 7th grade science")
OCCUPATION_VERBS = {"teach": "teacher", "nurse": "nurse"}

# org nouns that make "bei/im/in/with X" a membership rather than an employer
CLUB_WORDS = re.compile(
    r"(?i)(chor|orchester|verein|club|klub|feuerwehr|band|team|mannschaft|choir|orchestra|"
    r"society|league|liga|sv|fc|tsv|vfl|vfb|harriers|runners|turners|gruppe|group|ensemble)\b"
)
# club nouns that say what kind of club, not which one ("ich spiel im Verein")
GENERIC_CLUBS = frozenset(
    {
        "chor", "orchester", "verein", "club", "klub", "band", "team", "mannschaft", "choir",
        "orchestra", "society", "league", "liga", "gruppe", "group", "ensemble",
    }
)  # fmt: skip
ORG_HINTS = re.compile(
    r"(?i)\b(?:gmbh|ag|ltd|inc|uni|corp|amt|llc|plc)\b|(?:bank|sparkasse|klinikum|krankenhaus|"
    r"hospital|clinic|klinik|schule|school|universit|college|verwaltung|stadtwerke|praxis|"
    r"kita|agentur|agency|service|werke|gasthaus|restaurant|café|cafe|hotel|firma|company|"
    r"institut|institute|ministerium|office|studio|shop|store|markt|laden|bibliothek|autohaus|"
    # trades and yards ("Werft Jessen", "Segelmacherei Petersen", "Tischlerei Vogt")
    r"werft|boatyard|\w+erei\b|"
    # works, courts, offices and houses of culture by the head of their compound ("Glaswerk
    # Belchen", "Amtsgericht Kassel", "Hauptzollamt Nürnberg", "Weingut Kaltenbach", "Museum
    # Heineanum"; not the trades as a whole: "im Handwerk")
    r"(?<!hand)werk\b|gericht\b|\w+amt\b|weingut|museum|theater|theatre|galerie|gallery)"
)

HOBBY_VERBS_DE = {"spiele", "spiel", "spielt"}
INSTRUMENTS = {
    "cello", "geige", "violine", "violin", "klavier", "piano", "gitarre", "guitar", "bass",
    "schlagzeug", "drums", "flöte", "flute", "trompete", "trumpet", "saxophon", "saxophone",
    "ukulele", "harfe", "harp", "klarinette", "clarinet", "posaune", "trombone",
}  # fmt: skip

# games and sports one plays (the verb is "spielen"/"play", as for instruments)
GAMES = {
    "handball", "fußball", "fussball", "football", "soccer", "basketball", "volleyball",
    "tennis", "tischtennis", "table tennis", "badminton", "squash", "padel", "hockey",
    "eishockey", "golf", "rugby", "cricket", "netball", "baseball", "softball", "schach",
    "chess", "darts", "skat", "doppelkopf", "poker", "bridge", "wasserball", "water polo",
}  # fmt: skip

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90, "ein": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
    "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12,
}  # fmt: skip


# "Labrador-Mix", "collie cross", "Schäferhund-Mischling": a cross named by one of its breeds
CROSS = re.compile(r"(?i)(?:-|\s+)(?:mix|mischling|cross)$")


def breed_species(word: str) -> str | None:
    """The species a breed, or a cross of one, names ("Labrador-Mix" → dog); ``None`` for
    any other word."""
    return BREEDS.get(CROSS.sub("", word.strip().lower()))


def number(text: str) -> int | None:
    """ "67", "sixty-seven", "zwölf" → the number."""
    text = text.lower().strip()
    if text.isdigit():
        return int(text)
    total = 0
    for part in rx.split(r"[-\s]+", text):
        if part not in NUMBER_WORDS:
            return None
        total += NUMBER_WORDS[part]
    return total or None


def is_occupation(phrase: str) -> bool:
    words = phrase.lower().split()
    if not words:
        return False
    head = words[-1]
    # "Vegetarierin", "Diabetiker": what one eats or has names the person, not the work
    if head in DIETS or head in LANGUAGES or head in CONDITION_ADJECTIVES:
        return False
    return _occupation_word(head) or _occupation_word(_masculine(head))


def is_condition(phrase: str) -> bool:
    """Whether ``phrase`` names a health condition, by the list or by the form medicine gives
    condition names ("Bandscheibenvorfall", "Tendinitis", "an eating disorder")."""
    low = phrase.lower().strip()
    return low in CONDITIONS or rx.fullmatch(CONDITION_FORM, low) is not None


def _occupation_word(word: str) -> bool:
    return (
        word in OCCUPATIONS
        or word in TRADES_UNPLACED
        or word in TRADE_SLANG
        or any(word.endswith(s) for s in OCCUPATION_SUFFIXES)
        or _compound_job(word)
    )


# German names a trade by a compound whose last word is the trade ("Schiffskoch",
# "Gebärdensprachdolmetscherin", "Callcenter-Trainerin", "Tankstellenpächterin",
# "Spielplatzprüfer", "Korbmacher", "Maschinenführerin", "Kioskbetreiberin"); a pastime is
# no trade ("Hobbykoch", "Freizeitmaler")
COMPOUND_HEADS = (
    "koch", "köchin", "dolmetscher", "dolmetscherin", "schneider", "schneiderin", "gärtner",
    "gärtnerin", "maler", "malerin", "bäcker", "bäckerin", "händler", "händlerin", "trainer",
    "trainerin", "planer", "planerin", "prüfer", "prüferin", "pächter", "pächterin", "wirt",
    "wirtin", "helfer", "helferin", "hebamme", "kellner", "kellnerin", "polizist",
    "polizistin", "verkäufer", "verkäuferin", "macher", "macherin", "führer", "führerin",
    "schlosser", "schlosserin", "tischler", "tischlerin", "binder", "binderin", "setzer",
    "setzerin", "reiniger", "reinigerin", "betreiber", "betreiberin", "fischer", "fischerin",
    "mechaniker", "mechanikerin", "stimmer", "stimmerin",
)  # fmt: skip
PASTIME_PREFIXES = ("hobby", "freizeit", "sonntags", "amateur", "möchtegern")


def _compound_job(word: str) -> bool:
    head = next((h for h in COMPOUND_HEADS if word.endswith(h)), None)
    if head is None or len(word) - len(head) < 3:
        return False
    return not word.startswith(PASTIME_PREFIXES)


# a city by its nickname: a careful person writes down the city ("i'm in philly" →
# Philadelphia); the nickname stays one of its names
TOWN_NICKNAMES = {
    "philly": "Philadelphia", "nyc": "New York", "vegas": "Las Vegas", "nola": "New Orleans",
    "san fran": "San Francisco", "brum": "Birmingham", "glesga": "Glasgow", "kölle": "Köln",
}  # fmt: skip

# a trade by its nickname: a careful person writes down the standard word ("i'm a sparky" →
# electrician; the clipped "dev" and "tech" are written down either way, so they stay)
TRADE_SLANG = {
    "sparky": "electrician", "sparkie": "electrician", "chippy": "carpenter",
    "chippie": "carpenter", "brickie": "bricklayer", "brickies": "bricklayer",
}  # fmt: skip


def standard_job(value: str) -> str:
    """A job with its nicknamed words in the standard form ("head sparky" → "head
    electrician"); the rest as written."""
    whole = TRADE_SLANG.get(value.lower())
    if whole is not None:
        return whole
    return " ".join(TRADE_SLANG.get(w.lower(), w) for w in value.split())


UMLAUT_BACK = str.maketrans("äöü", "aou")


def _masculine(word: str) -> str:
    """German feminine job nouns are the masculine one and "-in", often with an umlaut:
    "Floristin" → "florist", "Köchin" → "koch", "Winzerin" → "winzer" (the list need not
    hold both forms)."""
    if len(word) < 6 or not word.endswith("in"):
        return ""
    return word[:-2].translate(UMLAUT_BACK)


# common first names the ending guesses wrong: boys' pet forms and names in -a, -ah, -i, -y
# ("Alfie", "Noah", "Luca", "Henry"), and girls' names of another ending ("Grace", "Ruth")
MALE_NAMES = frozenset({
    "alfie", "archie", "freddie", "ollie", "eddie", "reggie", "robbie", "ronnie", "teddie",
    "louie", "benjie", "henri", "levi", "eli", "kai", "ali", "luigi", "giovanni", "dmitri",
    "jimmy", "billy", "harry", "danny", "tommy", "bobby", "johnny", "andy", "timmy", "toby",
    "rory", "joey", "remy", "ricky", "rudy", "tony", "gary", "jerry", "larry", "terry", "barry",
    "henry", "jeremy", "anthony", "timothy", "zachary", "noah", "jonah", "elijah", "isaiah",
    "micah", "luca", "joshua", "ezra", "jona"
})  # fmt: skip
FEMALE_NAMES = frozenset({
    "grace", "alice", "joyce", "florence", "beatrice", "rose", "ruth", "kate", "claire",
    "clare", "margaret", "ann", "anne", "sue", "jane", "helen", "karen", "ingrid", "astrid",
    "sigrid", "gertrud", "esther", "miriam", "carmen", "elizabeth", "isabel", "rachel", "hazel",
    "harriet", "margot", "chloe", "zoe", "phoebe", "maeve", "siobhan", "aoife", "sinead", "eve",
    "brigid", "jess", "beth", "edith", "judith", "gwen", "lauren", "megan", "imogen", "sharon",
    "susan", "ellen", "nicole", "michelle",
    # German, Scandinavian and Turkish names the endings miss
    "jule", "merle", "lotte", "janne", "maren", "ines", "anke", "heike", "silke", "elke",
    "frauke", "ute", "gudrun", "doris", "iris", "agnes", "karin", "kerstin", "kirsten",
    "carolin", "katrin", "kathrin", "ulrike", "ilse", "irmgard", "hildegard", "elisabeth",
    "meike", "wiebke", "mareike", "elin", "elif", "zeynep", "merve", "aylin", "ebru", "gül",
    "sevgi", "ayşe", "hatice", "emine", "dilek", "birgit", "gisela", "ingeborg", "liesel",
    "marlies", "annegret", "friederike", "henrike", "svenja", "antje", "britt", "kristin",
})  # fmt: skip


def female_name(name: str) -> bool:
    """A guess from the ending, with the common names it would get wrong known by name; it
    tells wife from husband ("married to Niamh") and daughter from son ("my kids Maisie and
    Alfie")."""
    low = name.lower()
    if low in MALE_NAMES or low in FEMALE_NAMES:
        return low in FEMALE_NAMES
    return low.endswith(
        ("a", "ie", "ah", "mh", "ine", "een", "ia", "elle", "ette", "lyn", "lynn", "y", "i")
    )


# month and weekday names are never places or people ("at Shopify in February")
CALENDAR_WORDS = frozenset(
    [
        "januar",
        "jänner",
        "january",
        "februar",
        "february",
        "märz",
        "march",
        "april",
        "mai",
        "may",
        "juni",
        "june",
        "juli",
        "july",
        "august",
        "september",
        "oktober",
        "october",
        "november",
        "dezember",
        "december",
        "montag",
        "monday",
        "dienstag",
        "tuesday",
        "mittwoch",
        "wednesday",
        "donnerstag",
        "thursday",
        "freitag",
        "friday",
        "samstag",
        "sonnabend",
        "saturday",
        "sonntag",
        "sunday",
    ]
)
