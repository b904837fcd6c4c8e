"""The words the enrichment path reads dialogue by, German and English: sentences, content
terms, first person, moments, feelings, plans and the assistant's ways of leaving a question
open. Deterministic word lists, no model; the embedding model does the rest.
"""

from __future__ import annotations

import re
from functools import lru_cache

from curator.language.tagging import sentence_tags
from worldmemory.bilingual import language
from worldmemory.refs import normalize_alias

# a sentence ends at . ! ? … — not after a day's number ("am 8. August") or a title ("Dr.")
SENTENCE = re.compile(
    r"(?<![\s(]\d\.)(?<!\d\d\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bMr\.)(?<!\bMs\.)(?<!Mrs\.)"
    r"(?<!\bdr\.)(?<!\bst\.)(?<!\bmr\.)(?<!\bms\.)(?<!mrs\.)"  # chat writes "st. pauli"
    r"(?<=[.!?…])\s+|\n+"
)
# quoted speech: an opening quote after a space (not an apostrophe inside a word) to the
# matching close
QUOTED = re.compile(r"(?:(?<=\s)|^)['‚‘\"„“«]([^'’\"“”«»]{2,200})['’\"“”»]")
TOKEN = re.compile(r"[\w][\w'’-]*", re.UNICODE)
POSSESSIVE = re.compile(r"['’]s$", re.I)
STEM = 5  # a word's first letters stand for its forms ("meditiert", "Meditation")

_STOPWORD_LIST = """
    aber alle allein allem allen aller alles also auch auf aus bald bei beim bin bis bisschen
    bist bitte dabei damit dann dass davon dazu dein deine deinem deinen deiner denn dennoch
    der des dich die dies diese diesem diesen dieser dieses doch dort durch eben echt eigentlich
    ein eine einem einen einer eines einfach einmal erst etwa etwas euch fast finde ganz gar
    gerade gern gestern gibt glaub gleich grade habe haben hast hatte hatten heute hier hin
    ihm ihn ihnen ihr ihre ihrem ihren ihrer immer jede jedem jeden jeder jedes jetzt kann
    kannst kein keine keinem keinen keiner koennte konnte leider letzte letzten letzter lol
    machen macht mache mehr meine meinem meinen meiner meint meinte mich mir mit morgen muss
    musste nach nachdem naja nein nicht nichts noch nochmal nun nur oder okay ohne schon sehr
    sein seine seinem seinen seiner seit selbst sich sie sind so solche soll sollte sondern
    sowas ueber uber ueberhaupt uberhaupt uns unser unsere unserem unseren unter viel viele
    vielleicht vom von vor vorgestern wann war waren warum was weil weiss weiß wenn wer werde
    werden wie wieder will wir wird wirklich woche wohl wollte wurde wuerde wurde zum zur zwei
    drei diesmal ehrlich halt mal mein dein sein heut wieso weshalb total frage
    about after again against all also always am an and another any anything are around as
    at away back be because been before being both but by can cant could day did didnt do
    does doing dont down each even ever every feel felt few first for from get got had has
    have having he her here hers him his how however i if im in into is it its just keep
    kind know last least like little lot made make many maybe me might mine more most much
    must my myself never new next no not nothing now of off oh ok okay on once one only or
    other our out over own part really right said same say says see she should since so some
    something still such sure take than that thats the their them then there these they
    thing things think this those though through time to today too tomorrow under until up
    us very want was way we week well were what when where which while who why will with
    would yeah yes yesterday yet you your youre ive ill dont didnt doesnt wasnt isnt
    honestly actually btw anyway pretty quite bit lol haha tonight morning night evening
    montag dienstag mittwoch donnerstag freitag samstag sonntag monday tuesday wednesday
    thursday friday saturday sunday januar februar marz april juni juli august september
    oktober november dezember january february march june july october december vier funf
    sechs sieben acht neun zehn four five seven eight nine three ubrigens gesagt probably
    better home started days years jahren jahre wochen weeks minuten minutes stunden tage
    tagen question sagt sagen said tells told going went came come thought guess week's
    ganze ganzen ganzer ganzes abend abends nachmittag vormittag ende anfang afternoon
    hallo hiya hey moin servus gruss grusse gruesse hello cheers danke thanks
    theyll youve weve youll shes hes itll wouldnt couldnt shouldnt arent werent hadnt
    """
# what a thing is measured in: the kilometres may tie a runner's turns together, but they
# name nothing a person would call the topic ("Jolle · euro", "Halbmarathon · Meter")
_MEASURE_LIST = """
    stunde minute sekunde monat monate monaten jahr jahres meter metern kilometer kilo
    kilos gramm liter euro cent pfund prozent
    hour hours minute minutes second seconds month months year metre metres meter meters
    mile miles kilometre kilometres kilo kilos pound pounds quid euros dollar dollars
    cents percent degrees
    """
MEASURES = frozenset(_MEASURE_LIST.split())
MEASURE_ENDINGS = ("n", "en", "s", "es")  # "Kilometern", "Stunden", "Jahres"


def is_measure(word: str) -> bool:
    """Whether a word is a measure, bent or not ("Kilometern", "hours")."""
    folded = fold(word)
    return folded in MEASURES or any(
        folded.endswith(end) and folded[: -len(end)] in MEASURES for end in MEASURE_ENDINGS
    )


STOPWORDS = frozenset(_STOPWORD_LIST.split())

FIRST_PERSON_SUBJECT = re.compile(r"\b(ich|wir|i|we|i'm|i've|we're|we've|hab|bin)\b")
FIRST_PERSON_ANY = re.compile(
    r"\b(ich|wir|mir|mich|uns|mein\w*|unser\w*|i|we|me|us|my|our|i'm|i've)\b"
)
# someone else as the one a clause is about ("He seems happier", "Bauchweh hat sie"): the
# feeling it says is theirs
THIRD_PERSON = re.compile(r"\b(er|sie|ihm|ihr|he|she|they|him|his|her|their)\b")
PAST = re.compile(
    r"\b(war|waren|warst|hatte|hatten|hab|habe|haben|bin|sind|hat|musste|konnte|saß|saßen|"
    r"was|were|had|did|went|ran|took|saw|got|gave|felt|cried|walked|laughed|sat|told|met|"
    r"sang|ate|swam|fell|came|made|left|spent|"
    # German simple past of the common strong verbs ("standen oben auf dem Hirzer", "lag
    # im Nebel"), folded
    r"stand|standen|lag|lagen|ging|gingen|kam|kamen|sah|sahen|fuhr|fuhren|lief|liefen|"
    r"sass|sassen|fand|fanden|gab|nahm|nahmen|blieb|blieben|fiel|fielen|hielt|trank|"
    r"tranken|ass|assen|sangen|schwamm|schwammen|traf|trafen|wurde|wurden|dachte|"
    r"wusste|sagte|sagten|tanzte|tanzten|lachte|lachten|weinte)\b"
    r"|\bge\w{3,}(t|en)\b|\b\w{3,}ed\b"
)
# a German past participle ("gerammt", "mitgenommen", "angekommen") and the auxiliaries
# of the perfect and the passive that go with one
PARTICIPLE = r"\w*ge\w{2,}(t|en)"
AUXILIARY = r"(hab|habe|habs|hast|hat|haben|hatte|hatten|bin|bist|ist|sind|war|waren|wurde|wurden)"
# verbs of a thing done once, the moment a "when …" telling opens on ("when i came out",
# "als wir oben ankamen", "als ich aufwachte"), separable prefixes and all
DONE_EN = (
    r"(came|got|arrived|left|walked|woke|opened|saw|heard|reached|stepped|pulled|landed|ran|"
    r"went|found|finished|crossed|entered|hung|dropped|turned|noticed|called|rang|stood|"
    r"jumped|fell|met|picked|took|sat|looked|told|asked|drove|parked|knocked|spotted|caught)\b"
)
DONE_DE = (
    r"\w*(kam|kamen|ging|gingen|fuhr|fuhren|stieg|stiegen|sah|sahen|traf|trafen|horte|"
    r"horten|wachte|wachten|offnete|offneten|erreichte|erreichten|landete|landeten|betrat|"
    r"betraten|rief|riefen|fiel|fielen|lief|liefen|legte|legten)\b"
)
# a time of life, not a moment: "als ich klein war", "als wir Studenten waren"
LIFE_STAGE = r"(klein|jung|kind|ein kind|student\w*|schuler\w*|teenager|jugendlich\w*|baby)"
MOMENT = re.compile(
    r"\b(heute? (morgen|fruh|abend|nacht|mittag|nachmittag)|gestern|vorgestern|vorhin|"
    # "heut an der domsheide fast n radfahrer mitgenommen", "heute hab ich sabine
    # angerufen": today alone with a past participle after its auxiliary or closing its
    # clause (chat drops the auxiliary); "heute geht's mir besser", "heute gefällt mir
    # alles", "heute vergessen wir das", "heute wird gearbeitet" are no moment
    r"heute?\b(?![^.!?]*\b(wird|werden|wirst)\b)"
    rf"(?=[^.!?]*\b{AUXILIARY}\b[^.!?]*\b{PARTICIPLE}\b|[^.!?]*\b{PARTICIPLE}(\s*[,;:–—]|\W*$))|"
    # the moment a telling opens on, its verb done and over ("and when i came out of the
    # building …", "als wir oben ankamen"); not a time of life ("When I was a kid", "als
    # ich klein war"), a condition ("when I have time") or a comparison ("besser als ich
    # dachte")
    rf"^(\W*(und|and|dann|then) )?(when (i|we) ((just|finally|eventually|first) )?{DONE_EN}|"
    rf"als (ich|wir) (?!{LIFE_STAGE}\b)(\w+ ){{0,5}}?({DONE_DE}|{PARTICIPLE} {AUXILIARY}))|"
    r"am (letzten|ersten) (abend|tag|morgen)|letzte nacht|neulich|"
    r"am (montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)|"
    # a bare weekday opening the telling ("Samstag war ich mit Mama auf dem Markt"), as
    # the English one below; the past tense is still required of the turn
    r"(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)(abend|morgen)?|"
    # a feast day named by its weekday ("Pfingstsonntag", "Ostermontag", "Rosenmontag")
    r"\w{3,}(sonntag|montag)|"
    r"letzte[nr]? (woche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)|"
    # a part of the day the telling goes on with, a few words before its past verb
    # ("nachmittags war ich dann bei Papa", "abends beim Essen hab ich …"; not "müsste ich
    # vormittags laufen"), or "that evening"
    r"(nachmittags|vormittags|abends|mittags) (\w+ ){0,3}?"
    r"(war|waren|hab|habe|hatte|bin|sind|ging|kam)|"
    r"that (morning|afternoon|evening|night)|"
    r"this (morning|afternoon|evening)|last night|yesterday|tonight|today|the other day|"
    r"earlier today|just now|"
    r"(on |last )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)|last week|"
    r"at \d{1,2} ?(am|pm)|um \d{1,2}( uhr)?|"
    r"(am|letztes|vergangenes|dieses) wochenende|(at|over|on) the weekend|last weekend)\b"
)
EMOTION = re.compile(
    r"(schonst|glucklich|geheult|geweint|weinen|erleichtert|umgehauen|schlimm|angst|herrlich|"
    r"stolz|nervos|aufgeregt|traurig|zusammenrei|vergessen|tiefgreifend|wichtig|ganseh|"
    r"furchtbar|peinlich|wutend|still|bewegend|gezittert|verkatert|"
    r"cried|crying|proud|nervous|terrified|scared|happy|best|awful|hardest|free|laughed|"
    r"peaceful|milestone|gutted|broke me|amazing|forget|big deal|important|closer|relieved|"
    r"felt|perfect|lol|!!|"
    # the owner's own shrug at a moment ("nichts Besonderes")
    r"nichts besonderes|"
    r"chuffed|grinning|thrilled|delighted|buzzing|shaking|shaky|strange|weird|"
    r"nothing special)"
)
PLACE = re.compile(
    r"\b(in|im|am|an|auf|bei|beim|nach|at|on|along|across|near|to)\s+(der |dem |den |die |the )?"
    # a day or a month after the preposition is a time ("on Sunday", "am Dienstag", "in
    # May"), not a place
    r"(?!(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Monday|Tuesday|"
    r"Wednesday|Thursday|Friday|Saturday|Sunday|Januar|January|Februar|February|März|March|"
    r"April|Mai|May|Juni|June|Juli|July|August|September|Oktober|October|November|Dezember|"
    r"December|Weihnachten|Christmas|Ostern|Easter)\b)"
    r"[A-ZÄÖÜ][\w-]+"
)
HYPOTHETICAL = re.compile(r"^\s*(wenn|falls|if)\b|\b(würde|würd|wäre|would|could)\b", re.I)
PLAN = re.compile(
    r"\b(nachste[nr]? (woche|monat|jahr)|next (week|month|year|summer)|werde|will (\w+ )?(go|fly|"
    r"take|do)|going to|ich uberleg|we fly|wir fliegen|plane|planen|want to take|wollen|"
    # the German future in every person ("Miriam wird am Freitag 35"), as "werde" was
    r"wird|wirst|werden)\b"
)

QUESTION_SELF = re.compile(
    r"\b(ob .{3,80} weiss ich (aber )?nicht|i (genuinely |really )?(dont|don't|do not) know"
    # "i dont know why but i told him": a hedge before something done, no doubt
    r"(?! (why|how),? but)|"
    r"ich frag mich|i wonder)\b"
)
# a question typed on a phone without its mark, opening as a question of the owner's own
# does ("what if i do that again", "do i go for it or", "how am i meant to", "soll ich")
UNMARKED_QUESTION = re.compile(
    # at a sentence's start, or after a full stop a lower-case message goes on from
    r"(^|[.;:] )\W*((and|but|so|und|aber|also) )?"
    r"(what if (i|we)|how (am|do|can|should|will) (i|we)|(do|should|shall|am|will|can) (i|we)"
    r"|what (do|should|shall|am) (i|we)|soll(te|en)? (ich|wir)"
    r"|was (mach|mache|soll|tu) (ich|wir)|wie (soll|kann) (ich|wir))\b"
)
# how an assistant leaves a question open: it names it as a question, hands it back,
# weighs both sides or says only the owner can answer it
LEFT_OPEN = re.compile(
    r"\b(frage|question|schwer|hard to|no right answer|no simple answer|only you|hangt .{0,60}ab|"
    r"depends|vor- und nachteile|both work|beides|offen bleiben|beantworten|answer it|dilemma|"
    r"worth deciding|deciding together|nicht sagen|can't say|cannot say|"
    # handing the weighing back: only the owner knows their own reasons
    r"abwagen|kommt (\w+ )?darauf an|nur (du|von dir)|up to you|weigh|comes down to|"
    # "too early to say" hands it back; "eine Handbreit ist noch zu früh" answers it
    r"(zu|noch) fruh,? (um )?(\w+ ){0,2}(zu )?(sagen|entscheiden|beurteilen|wissen)|"
    r"too early to (say|tell|decide|know|judge)|(fur|for) beides|both are reasonable|"
    # the assistant does not know it either: "Das weiß ich leider immer noch nicht", "I
    # don't know yet", "das hast du mir nicht gesagt"
    r"weiss ich (\w+ ){0,3}nicht|ich weiss (es )?(\w+ ){0,2}nicht|keine ahnung|"
    r"i (don['’]?t|do not) know|i['’]?m not sure|no idea|"
    r"(hast|habt) (du|ihr) mir (\w+ ){0,2}nicht (gesagt|erzahlt|verraten)|"
    r"you (haven['’]?t|have not|didn['’]?t|never) (\w+ )?(told|mentioned|said))\b"
)
SUGGESTION = re.compile(r"^(maybe|vielleicht|perhaps)\b")
DECIDED = re.compile(
    r"\b(entschieden|beschlossen|entscheidung|ich mach(e)? das|wir machen|ich bewerbe|"
    r"decided|decision|i'm going to|we're going to|i will|i'll|we'll|booked|gebucht|"
    r"zugesagt|abgesagt|said yes|said no|gekl[aä]rt|sorted|figured|"
    # "das mach ich" and a change of mind ("wir schauen uns jetzt doch Wohnungen an")
    r"das mach(e)? ich|that's what i'll do|jetzt doch|"
    # keeping what was in doubt: "ok it stays", "der Absatz bleibt drin"
    r"(it|that) stays|bleibt (es|das )?(drin|dabei)|"
    # leave given, to someone: "told him he can keep the chair", "ihr gesagt, sie darf"
    r"told (him|her|them) (he|she|they) (can|could|may)|"
    r"(ihm|ihr|ihnen) gesagt,? (dass )?(er|sie) (kann|darf|konne|durfe))\b"
)
# what only keeps a chat going: thanks, greetings, goodnights, laughter, acknowledgements. A
# sentence of nothing else tells nothing a summary keeps ("ok danke", "lol cheers", "gute
# nacht"); a bare "ja" or "yes" answers something, so it goes only beside one ("ja danke")
PLEASANTRY_PHRASES = re.compile(
    r"\b(gute[nr]? (morgen|tag|abend|nacht)|bis (morgen|bald|dann|spater|nachher|gleich)|"
    r"schlaf gut|mach'?s gut|good (morning|night|evening)|sleep well|take care|"
    r"see (you|ya)( later| soon| tomorrow)?|talk (to you )?(later|soon)|no worries)\b"
)
_THANKS_AND_GREETINGS = """
    danke dankeschon dank thanks thank thx ty cheers hallo hi hey moin servus tschuss tschau
    ciao bye goodbye nacht night n8 gn ttyl
    """
THANKS_AND_GREETINGS = frozenset(_THANKS_AND_GREETINGS.split())
_PLEASANTRY_LIST = """
    ok okay oki okey kk gern gerne bitte bitteschon haha hahaha hihi hehe lol xd hm hmm hmmm
    boah oh ah aha ach achso na naja alright lmao rofl aw aww wow xx xo np
    """
PLEASANTRIES = frozenset(_PLEASANTRY_LIST.split()) | THANKS_AND_GREETINGS
# words that go with a thanks or a greeting ("danke dir", "thank you so much", "great,
# cheers"); alone they answer something: "really good", "perfect", "you good?", "dich"
_ALONGSIDE_LIST = """
    vielen lieben herzlichen dir dich euch schon mate you much good sounds perfect great
    really so very that's thats nice awesome sweet brilliant lovely cool toll super prima
    klasse gut
    """
ALONGSIDE = frozenset(_ALONGSIDE_LIST.split())
_AFFIRMATION_LIST = "ja jo jep klar yes yeah yep yup sure"
AFFIRMATIONS = frozenset(_AFFIRMATION_LIST.split())


def pleasantry_only(sentence: str) -> bool:
    """Nothing but pleasantries: every word one of them, a bare "ja" or "yes" beside one, a
    "great" or a "dir" beside a thanks or a greeting ("great, cheers", "danke dir")."""
    folded = fold(sentence)
    rest = PLEASANTRY_PHRASES.sub(" ", folded)
    words = tokens(rest)
    known = PLEASANTRIES | ALONGSIDE | AFFIRMATIONS
    if any(w not in known for w in words):
        return False
    thanked = rest != folded or any(w in THANKS_AND_GREETINGS for w in words)
    if any(w in ALONGSIDE for w in words) and not thanked:
        return False
    return thanked or any(w in PLEASANTRIES for w in words)


# a choice said in a few words: "dann nehm ich die Kiefer", "I'll take the blue one", "ich
# behalt das Ding". A choice takes one of the options talked about, so its object is named
# with a definite article: "I'll take a nap", "ich nehme an", "ich kauf seit Jahren bei
# Aldi", "I'll keep that in mind" choose nothing
CHOICE = re.compile(
    r"\b(?:(?:nehm|behalt|kauf)e? ich|ich (?:nehm|behalt|kauf)e?|wir (?:nehmen|behalten|kaufen)|"
    r"(?:nehmen|behalten|kaufen) wir|"
    r"(?:i|we)(?:['’]ll| will) (?:take|keep|get|pick|buy|go with)|"
    r"let['’]s (?:take|keep|get|pick|buy|go with)|"
    r"(?:i['’]m|we['’]re) (?:going|gonna go) with)"
    r"(?: (?:mir|uns|dann|doch|jetzt|also|lieber|einfach|wohl|halt|just|probably|definitely))*"
    r" (?:der|die|das|den|dem|diese[nmrs]?|beide[n]?|the|this|that|these|those|both)"
    r" (?P<object>[\w'’-]+)"
)
# "going with the flow" is a way of living, not a choice
NO_CHOICE_OBJECTS = frozenset({"flow"})
ONE = frozenset({"one", "ones"})  # "the blue one": the noun of the options, left out
# "Pine then", "The oak one then": a choice answered in a noun phrase; "See you then", "ok
# bye then", "I was so tired then" are a goodbye or a time
THEN_CHOICE = re.compile(r"^\W*(?P<choice>[\w'’ ,-]{1,40}?)\W+then\W*$", re.I)
ACKNOWLEDGED = frozenset({"ok", "okay", "alright", "right", "fine", "well", "so", "yes", "yeah"})
MAX_CHOICE_WORDS = 4
NOUN_OR_ONE_TAGS = frozenset({"NN0", "NN1", "NN2", "NP0", "CRD"})


def _chosen_then(sentence: str) -> bool:
    """A noun phrase of a few words before "then", after any acknowledgement: no verb, no
    pronoun, no pleasantry, a noun (or "one") at its head."""
    match = THEN_CHOICE.match(sentence)
    if not match:
        return False
    words = tokens(match.group("choice"))
    while words and fold(words[0]) in ACKNOWLEDGED:
        words = words[1:]
    if not words or len(words) > MAX_CHOICE_WORDS:
        return False
    folded = [fold(w) for w in words]
    if any(w in ACKNOWLEDGED or w in PLEASANTRIES or w in ALONGSIDE for w in folded):
        return False
    tagged = sentence_tags(words, lang="en")
    if any(tag.startswith("V") or tag == "PNP" for _word, tag in tagged):
        return False
    head, tag = tagged[-1]
    return tag in NOUN_OR_ONE_TAGS and (tag != "CRD" or fold(head) in ONE)


def chooses(sentence: str) -> bool:
    """Whether a sentence takes one of the options talked about, however short."""
    folded = fold(sentence)
    for match in CHOICE.finditer(folded):
        thing = match.group("object")
        if thing in ONE or (thing not in STOPWORDS and thing not in NO_CHOICE_OBJECTS):
            return True
    return _chosen_then(sentence)


# a realisation or a finding-out that settles a doubt of the owner's ("mir ist klar
# geworden, dass ich gar nicht in der Stadt wohnen muss", "ich weiß jetzt, warum mich
# Wegner so triggert", "turned out it's the gutter"): it answers a question, though it
# decides nothing a summary should keep as a decision
REALISED = re.compile(
    r"\b(klar geworden|stellte sich (\w+ )?heraus|hat sich (\w+ ){0,2}herausgestellt|"
    r"i realised|i realized|"
    # knowing now, unless it goes on to not knowing ("ich weiß jetzt nicht mehr weiter")
    r"(weiss ich jetzt|ich weiss (es )?jetzt|jetzt weiss ich|i know now|now i know)"
    r"(?!,? (\w+ )?(nicht|nix|kein\w*|not|nothing)\b)|"
    # found out, unless not yet ("I haven't found out yet why", "noch nicht rausgefunden")
    r"(?<!\bnot )(?<!n't )(?<!n’t )(?<!\bnicht )(?<!\bnie )(?<!\byet )(?<!\bnever )"
    r"((raus|heraus)gefunden|found out(?! yet))|"
    # "turned out it's the gutter", "Turns out, …", "it turned out to be": not "the party
    # turned out great" or "I turned out the lights"
    r"^\W*((and|but|so|well|oh|ok|okay) )?(turned|turns) out|"
    r"(turned|turns) out(?= (that|it|to be)\b|\s*[,:]))"
)
# a decision named as not taken: "noch nicht entschieden", "haven't decided"
NOT_DECIDED = re.compile(
    r"\b(nicht|nie|kein\w*) (\w+ )?(entschieden|beschlossen|entscheidung|gekl[aä]rt)|"
    r"\b(not|never|n't) (yet |really )?(decided|sorted|settled|made a decision)|"
    r"\bundecided\b|\bno decision\b|"
    # "We'll see.", "Mal sehen.": the decision is put off
    r"\bwe['’]?ll see\b|\bwait and see\b|\bmal (sehen|schauen)\b"
)
# a question that only opens a story ("Hab ich dir vom Törggelen erzählt?", "Did I tell
# you about …?", "Weißt du was?"): nothing to answer later
STORY_OPENER = re.compile(
    r"^\W*(hab(e)? ich (dir|euch) (schon |eigentlich |uberhaupt )?(\w+ ){0,3}"
    r"(erzahlt|gesagt|berichtet)|weisst du was|rate mal|"
    r"did i (ever |already )?tell you|have i (ever |already )?told you|guess what|"
    r"you know what)"
)


# a question mark doubled or beside an exclamation mark: surprise at what was just said
EXCLAIMED = re.compile(r"(\?\s*[?!]|!\s*\?)[?!\s]*$")
# CLAWS5 and STTS tags of personal and reflexive pronouns
PERSON_TAGS = frozenset({"PNP", "PNX", "PPER", "PRF"})


def exclaimed_echo(sentence: str) -> bool:
    """Surprise at what was just said, not a question to come back to: "by train from
    freiburg??", "a whole week??" — a doubled or exclaimed question mark after words with
    neither a verb nor a person. "Why am I so tired??" and "krieg ich noch nen Kredit??"
    ask something."""
    if not EXCLAIMED.search(sentence):
        return False
    tagged = sentence_tags(tokens(sentence), lang=language(sentence) or "de")
    return not any(tag.startswith("V") or tag in PERSON_TAGS for _, tag in tagged)


# a question asking for the words to use: what to text back, or a translation ("how do I
# respond to his offer?" weighs the offer, not the words)
WORDING = re.compile(
    r"\b(translate|translation|in (german|english)|auf (deutsch|englisch)|ubersetz\w*|"
    r"(text|write) (\w+ )?back|what (do|should|shall) i (reply|write|text)|"
    r"was (schreib|antwort)\w* ich)\b"
)


def asks_wording(question: str) -> bool:
    """A question asking the assistant for words ("what do i reply in german?", "can you
    translate?", "Was schreib ich ihr zurück?"): a reply that gives them answers it, even
    as a suggestion ("You could write: …")."""
    return bool(WORDING.search(fold(question)))


def fold(text: str) -> str:
    return normalize_alias(text)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE.split(text or "") if s and s.strip()]


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text or "")


# where a clause ends inside a sentence: a feeling is often a clause of its own after what
# happened ("Die Prüfung lief besser als gedacht, ich bin so froh")
CLAUSE = re.compile(r"[,;:–—]\s+|\s+(?:aber|but|und dann|and then)\s+", re.I)
MIN_CLAUSE_WORDS = 2  # "mortified." alone says too little for its meaning to be read


def clauses(text: str) -> list[str]:
    """The clauses of ``text`` of at least two words, sentence by sentence."""
    return [
        part
        for sentence in sentences(text)
        for part in CLAUSE.split(sentence)
        if len(tokens(part)) >= MIN_CLAUSE_WORDS
    ]


# the people of a life said in three letters: short words are mostly function words, but
# "Mum rang again", "Dad's op", "Oma" name the person a topic is about
SHORT_KIN = frozenset({"mum", "mom", "dad", "oma", "opa"})
# the children of a household, said beside every part of its life ("the kids inhaled it",
# "took the kids this time", "the money would help with the kids")
HOUSEHOLD = frozenset({"kids", "children", "kinder"})
# the meals and breaks of a day: "yes tomorrow at lunch", "submitted it at lunch" and
# "christmas lunch" are told at one time of day, not about one matter
MEALTIMES = frozenset(
    {
        "lunch",
        "lunchtime",
        "breakfast",
        "brunch",
        "dinner",
        "supper",
        "teatime",
        "mittag",
        "mittags",
        "mittagessen",
        "mittagspause",
        "fruhstuck",
        "abendessen",
    }
)


def content_terms(text: str) -> dict[str, str]:
    """``stem → surface`` for each content word of ``text`` (the first surface form)."""
    found: dict[str, str] = {}
    for word in tokens(text):
        word = POSSESSIVE.sub("", word)  # "Knee's" is the knee
        folded = fold(word).strip("'’-")
        short = len(folded) < 4 and folded not in SHORT_KIN
        # "I've", "don't": a contraction is its stopword without the apostrophe
        bare = folded.replace("'", "").replace("’", "")
        if short or folded in STOPWORDS or bare in STOPWORDS or folded.isdigit():
            continue
        found.setdefault(folded[:STEM], word.strip("'’-"))
    return found


# CLAWS5 tags of English nouns and names ("knee", "pottery", "Maple", "Lanterns")
ENGLISH_NOUN_TAGS = frozenset({"NN0", "NN1", "NN2", "NP0"})


# the tags of common nouns alone (no names), CLAWS5 and STTS
COMMON_NOUN_TAGS = {"en": frozenset({"NN0", "NN1", "NN2"}), "de": frozenset({"NN"})}


@lru_cache(maxsize=8192)
def _english_tagged(text: str) -> tuple[tuple[str, str], ...]:
    """``(word, tag)`` for the words of ``text``, each tagged in its sentence."""
    tagged: list[tuple[str, str]] = []
    for sentence in sentences(text):
        tagged += sentence_tags(tokens(sentence), lang="en")
    return tuple(tagged)


def _english_nouns(text: str) -> frozenset[str]:
    """The words of ``text`` tagged as nouns or names in their sentence ("my shed", "sleep
    training": nouns here, verbs out of context)."""
    return frozenset(w for w, tag in _english_tagged(text) if tag in ENGLISH_NOUN_TAGS)


# a title before a capitalised word makes it a person: "Dr. Sommer" is the doctor, not the
# season; "Herr Brandt" the boss
TITLED = re.compile(r"\b(Dr|Prof|Frau|Herr|Mrs|Mr|Ms)\.?\s+([A-ZÄÖÜ][\w'’-]+)")


def _titled(text: str) -> dict[str, str]:
    """``name → "Title Name"`` for each name said after a title in ``text``."""
    found: dict[str, str] = {}
    for match in TITLED.finditer(text or ""):
        title = match.group(1) + ("." if match.group(1) in {"Dr", "Prof"} else "")
        found.setdefault(match.group(2), f"{title} {match.group(2)}")
    return found


def topic_terms(text: str) -> dict[str, str]:
    """The content words a topic can be named by: nouns and names as their sentence tags
    them (and German full verbs, which share a noun's stem). An adjective, adverb or
    interjection ("Gute" in "Gute Idee.", "früh", "schlimmer", "honestly", "better")
    recurs across any conversation and names nothing a person would recognise. A name
    after a title keeps its title ("Dr. Sommer": a person, not the season), and the
    title itself names no topic."""
    found = content_terms(text)
    nouns = _english_nouns(text) if language(text) == "en" else _german_topic_words(text)
    nouns = {POSSESSIVE.sub("", w) for w in nouns}
    titled = _titled(text)
    titles = {fold(t.split()[0].rstrip(".")) for t in titled.values()}
    kept = {}
    for stem, surface in found.items():
        if surface in titled:
            kept[stem] = titled[surface]
        elif surface in nouns and fold(surface) not in titles:
            kept[stem] = surface
    return kept


# STTS tags of the parts of a German compound that can name a topic
GERMAN_NOUN_TAGS = frozenset({"NN", "NE"})
MIN_PART = 4  # "Tür", "OP": too short to carry a topic on their own


@lru_cache(maxsize=16384)
def compound_parts(word: str) -> tuple[str, ...]:
    """The noun parts of a German compound, folded ("Fotokurs" → ``foto``, ``kurs``;
    "Wohnungssuche" → ``wohnung``, ``suche``); empty for a simple word. A person names one
    topic by many compounds ("Fotokurs", "Fotoclub", "Dunkelkammer"), so the topic is in
    the parts, not in the whole word's first letters."""
    from curator.language.tagging import _tagger

    _lemma, parts, _tag = _tagger("de").analyze(word, taglevel=3)
    nouns = [fold(part) for part, tag in parts if tag in GERMAN_NOUN_TAGS]
    if len(nouns) < 2:
        return ()
    return tuple(p for p in nouns if len(p) >= MIN_PART)


# the subject pronouns a German finite verb stands right beside: chat drops the verb's "-e"
# ("sitz ich", "spiel ich", "ich fahr"), and in lower case the tagger reads such a verb as
# the noun it shares a stem with ("Sitz", "Spiel")
SUBJECT_PRONOUNS = frozenset({"ich", "du", "wir", "ihr"})
# words after which a capitalised or lower-case word is a person's name ("frau ostendorf")
NAME_TITLES = frozenset({"frau", "herr", "dr", "prof"})
VERB_TAG = "VV(FIN)"
NAME_TAG = "NE"


def _read_in_chat(tagged: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The tagger's tags, mended where chat misleads it: a noun right before or after a
    subject pronoun is the verb ("spiel ich" → VV(FIN)), a noun after a title is a name
    ("frau ostendorf" → NE), and a lower-case "verb" after an article, or after an article
    and its adjectives, is the noun it names ("die alte jolle", "für die jolle" → NN): no
    German verb follows an article."""
    mended: list[tuple[str, str]] = []
    for i, (word, tag) in enumerate(tagged):
        before = tagged[i - 1][0].lower() if i else ""
        if tag.startswith("VV") and word.islower() and _after_article(mended):
            mended.append((word, "NN"))
            continue
        pronouns = {
            tagged[j][0].lower()
            for j in (i - 1, i + 1)
            if 0 <= j < len(tagged) and tagged[j][1] == "PPER"  # "ihr Sohn" is her son
        }
        if tag == "NN" and word.islower() and SUBJECT_PRONOUNS & pronouns:
            tag = VERB_TAG
        elif tag == "NN" and before.rstrip(".") in NAME_TITLES:
            tag = NAME_TAG
        mended.append((word, tag))
    return mended


def _after_article(tagged: list[tuple[str, str]]) -> bool:
    """Whether the words tagged so far end in an article and any adjectives after it."""
    for _word, tag in reversed(tagged):
        if tag == "ART":
            return True
        if tag != "ADJ(A)":
            return False
    return False


@lru_cache(maxsize=8192)
def _german_tagged(text: str) -> tuple[tuple[str, str], ...]:
    """``(word, tag)`` for the words of ``text``, each tagged in its sentence (see
    ``_read_in_chat``)."""
    tagged: list[tuple[str, str]] = []
    for sentence in sentences(text):
        tagged += _read_in_chat(sentence_tags(tokens(sentence), lang="de"))
    return tuple(tagged)


def spoken_as(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The stems ``text`` says as whole nouns or names, and those it says as verbs (German;
    English topic words are nouns already): a stem said only as a verb ("standen",
    "stand") is an action, not a matter a person comes back to."""
    if language(text) == "en":
        return frozenset(), frozenset()
    tagged = _german_tagged(text)
    nouns = frozenset(fold(w)[:STEM] for w, tag in tagged if tag in GERMAN_NOUN_TAGS)
    verbs = frozenset(fold(w)[:STEM] for w, tag in tagged if tag.startswith("VV"))
    return nouns, verbs


def _titles_of_names(tagged: tuple[tuple[str, str], ...]) -> set[int]:
    """The positions of the titles said before a name ("frau ostendorf", "Herr Brandt"):
    the title belongs to the person, and "Frau" names no matter of its own."""
    return {
        i
        for i, (word, _tag) in enumerate(tagged[:-1])
        if fold(word).rstrip(".") in NAME_TITLES and tagged[i + 1][1] == NAME_TAG
    }


def _german_topic_words(text: str) -> frozenset[str]:
    """Nouns, names and full verbs: "umstrukturiert" is the same matter as
    "Umstrukturierung" (the title shows the noun, see ``topic_title``)."""
    tagged = _german_tagged(text)
    titles = _titles_of_names(tagged)
    return frozenset(
        w
        for i, (w, tag) in enumerate(tagged)
        if (tag in GERMAN_NOUN_TAGS or tag.startswith("VV")) and i not in titles
    )


def matter_nouns(text: str) -> dict[str, str]:
    """``stem → surface`` for the common nouns of ``text`` as its sentences tag them: what a
    person names a matter by ("Mannschaft", "Heim", "the allotment"), never a name, a
    title or a verb. German nouns are written capitalised, as a title shows them, though
    chat writes them in lower case."""
    if language(text) == "en":
        nouns = {w for w, tag in _english_tagged(text) if tag in COMMON_NOUN_TAGS["en"]}
    else:
        nouns = {
            w[:1].upper() + w[1:]
            for w, tag in _german_tagged(text)
            if tag in COMMON_NOUN_TAGS["de"] and fold(w) not in NAME_TITLES
        }
    found: dict[str, str] = {}
    for word in sorted(nouns):
        word = POSSESSIVE.sub("", word).strip("'’-")
        folded = fold(word)
        short = len(folded) < MIN_PART and folded not in SHORT_KIN
        if not short and folded not in STOPWORDS and word.isalpha():
            found.setdefault(folded[:STEM], word)
    return found


def compound_terms(text: str) -> dict[str, str]:
    """``stem → surface`` for the parts of the German compounds in ``text`` (capitalised
    as nouns: a part may end up in a thread's title)."""
    if language(text) == "en":
        return {}
    found: dict[str, str] = {}
    # the words tagged in their sentence (out of context the word model splits a verb like a
    # compound: "meditiere" → "medi", "tier"); common nouns only, as a name is no compound:
    # "Ostendorf" says nothing of a village
    common = [w for w, tag in _german_tagged(text) if tag == "NN"]
    for word in common:
        if len(word) < 2 * MIN_PART or not word[0].isalpha():
            continue
        for part in compound_parts(word):
            if part not in STOPWORDS:
                found.setdefault(part[:STEM], part.capitalize())
    return found


NAME_TAGS = frozenset({"NP0", "NE"})  # CLAWS5 and STTS tags of proper names


@lru_cache(maxsize=8192)
def _names(text: str, code: str) -> frozenset[str]:
    found = set()
    for sentence in sentences(text):
        words = tokens(sentence)
        found |= {w for w, tag in sentence_tags(words, lang=code) if tag in NAME_TAGS}
    return frozenset(POSSESSIVE.sub("", w) for w in found)


def name_terms(text: str) -> dict[str, str]:
    """``stem → surface`` for the names in ``text`` as its sentences tag them: a place, a
    person, a club ("Clevedon", "Lotte", "Lottes"), not a common noun ("class", "Kasse")."""
    named = _names(text, language(text) or "de")
    return {stem: surface for stem, surface in content_terms(text).items() if surface in named}


# verbs of passing news on: a clause of someone else's saying is their moment, not the
# owner's ("Sandra hat mir heute Morgen gesagt: …", "Tom asked me last night if …"); a call
# or an offer made to the owner passes news on as a saying does ("Der Verein hat
# angerufen, ob ich …", "they've offered me the flat")
SPEECH_LEMMAS = {
    "de": frozenset(
        {"sagen", "erzahlen", "fragen", "schreiben", "berichten", "mitteilen"}
        | {"anrufen", "anbieten"}
    ),
    "en": frozenset({"say", "tell", "ask", "text", "write", "call", "ring", "phone", "offer"}),
}
CLAUSE_END = re.compile(r"[,:;–—]")


# CLAWS5 tags of an English verb in the past a chat opens with when it drops the "I": "Ran
# my first 5k", "Had my first driving lesson", "Did my 20 miler" — not "was", whose dropped
# subject is the thing ("Was great")
DROPPED_I_TAGS = frozenset({"VVD", "VVN", "VHD", "VDD"})


def opens_with_past_verb(sentence: str) -> bool:
    """Whether an English sentence opens with a verb in the past, perhaps after an adverb
    ("Just got back from the hospital"): its subject is the speaker."""
    if language(sentence) == "de":
        return False
    tagged = sentence_tags(tokens(sentence)[:3], lang="en")
    for _word, tag in tagged[:2]:
        if tag in DROPPED_I_TAGS:
            return True
        if tag != "AV0":
            return False
    return False


JOINED = re.compile(r"\b(and|und)\b")


def told_by_someone_else(sentence: str) -> bool:
    """Whether the sentence's first clause with a verb is someone else passing news on to
    the owner: its first full verb one of saying, and no "ich"/"I" before its first verb.
    A clause the owner says with their own subject ("Ich hab Sandra gefragt") or without
    one ("Told him yesterday") is the owner's."""
    from curator.language.tagging import lemma

    code = language(sentence) or "de"
    # the first clause that says something: "Other news: Marco told me …" is Marco's
    for clause in CLAUSE_END.split(sentence):
        words = tokens(clause)
        tagged = sentence_tags(words, lang=code)
        verbs = [i for i, (_w, tag) in enumerate(tagged) if tag.startswith("V")]
        if verbs:
            break
    if not verbs or verbs[0] == 0:
        return False
    before = fold(" ".join(words[: verbs[0]]))
    # "dinner with Anjali at Mowgli and she asked me …": a saying joined to a scene told
    # before it happened in the owner's moment; an "und" opening the telling joins nothing
    if FIRST_PERSON_SUBJECT.search(before) or JOINED.search(before.partition(" ")[2]):
        return False
    full = [i for i in verbs if tagged[i][1].startswith("VV")]
    if not full:
        return False
    verb, tag = tagged[full[0]]
    if fold(lemma(verb, lang=code)) not in SPEECH_LEMMAS[code]:
        return False
    return passes_on(sentence=sentence, clause=clause, verb=verb, participle=tag in PARTICIPLE_TAGS)


# a saying passes something on when it has someone it is said to ("told me", "hat mir
# gesagt") or something said after it: a clause ("that she's pregnant", "gesagt, dass …",
# "Sophie said she's …") or what follows a finite verb's comma ("Steffi sagt, bei ihnen …")
RECIPIENT = re.compile(r"\b(me|us|mir|uns)\b")
REPORTED = re.compile(
    r"^\W*(that|dass|ob|whether|if|how|wie|wann|when|why|warum|he|she|they|it|its|"
    r"er|sie|es|der|die|das|there)\b"
)
COMPLEMENTIZER = re.compile(r"\b(that|dass|whether)\b")
PARTICIPLE_TAGS = frozenset({"VV(PP)", "VVN"})  # STTS as HanTa writes it, and CLAWS5


def passes_on(*, sentence: str, clause: str, verb: str, participle: bool) -> bool:
    """Whether a sentence whose subject says something passes news on to the owner, or
    tells a saying the owner was there for: "my son said his first word", "hat zum ersten
    Mal Mama gesagt" say nothing to anyone — the saying is what happened."""
    if RECIPIENT.search(fold(clause)):
        return True
    rest = sentence.split(verb, 1)[1] if verb in sentence else ""
    folded = fold(rest)
    if REPORTED.search(folded) or COMPLEMENTIZER.search(folded):
        return True
    if not re.match(r"\s*[,:]", rest):
        return False
    # a finite verb before its comma reports what follows ("Steffi sagt, bei ihnen …"); a
    # participle closing its clause has had its object already when the owner goes on
    # about themself ("sein erstes Wort gesagt, ich war so gerührt")
    return not participle or not FIRST_PERSON_SUBJECT.match(folded.lstrip(" ,:"))
