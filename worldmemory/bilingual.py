"""Everyday German and English words for each other: the lexical side of a question asked in
the other language than the passage that answers it.

The vector side already places "Schwester" near "sister"; BM25 does not, so a German question
about an English turn scored on its names alone. ``translations`` gives each query word the
words of the other language, which the lexical search adds to the query, so "Wo wohnt meine
Schwester?" also matches a turn that says "my sister lives in Leeds". The list is general
household vocabulary (family, home, money, health, work, travel, time, feelings), not the
words of any one conversation; names need no translation. Words are lower case; German
nouns in their base form (lookup strips common endings).
"""

from __future__ import annotations

import re

# German → English; each side may hold several words separated by "/".
PAIRS = """
mutter/mama/mutti=mother/mum/mom/mam
vater/papa=father/dad
eltern=parents
familie=family
schwester=sister
bruder=brother
geschwister=siblings
sohn=son
tochter=daughter
kind/kinder=child/children/kid/kids
baby=baby
oma/großmutter=grandma/grandmother/granny/nan
opa/großvater=grandpa/grandfather
enkel=grandchild/grandson/granddaughter
onkel=uncle
tante=aunt
cousin/cousine=cousin
neffe=nephew
nichte=niece
schwiegermutter=mother-in-law
schwiegervater=father-in-law
ehemann/mann=husband
ehefrau/frau=wife
partner/partnerin=partner
freund/freundin=friend/boyfriend/girlfriend
nachbar/nachbarin=neighbour/neighbor
kollege/kollegin=colleague/coworker
chef/chefin/vorgesetzte/vorgesetzter=boss/manager
hochzeit=wedding
heiraten/geheiratet/verheiratet=marry/married
verlobt/verlobung=engaged/engagement
trauzeuge/trauzeugin=best man/maid of honour/witness
standesamt/standesbeamte/standesbeamtin=registry office/registrar
scheidung=divorce
schwanger/schwangerschaft=pregnant/pregnancy
geburt=birth
geburtstag=birthday
hebamme=midwife
kita/kindergarten/krippe=nursery/daycare/kindergarten
schule=school
lehrer/lehrerin=teacher
klasse=class
zeugnis=report card/grades
prüfung=exam/test
studium/universität/uni=university/degree/studies
haus=house/home
wohnung=flat/apartment
zimmer=room
küche=kitchen
badezimmer=bathroom
schlafzimmer=bedroom
garten=garden
keller=basement/cellar
dach=roof
miete=rent
vermieter=landlord
mieter=tenant
kaufen/gekauft/kauf=buy/bought/purchase
verkaufen/verkauft=sell/sold
bezahlen/bezahlt/zahlen/gezahlt=pay/paid
kosten/gekostet/kostet=cost/costs
preis=price
geld=money
euro=euro/eur
pfund=pound/pounds/gbp
kredit/darlehen=loan/mortgage
hypothek=mortgage
bank=bank
konto=account
steuer/steuern=tax/taxes
rechnung=bill/invoice
versicherung=insurance
gehalt/lohn=salary/pay/wage
umzug/umziehen/umgezogen=move/moving/moved
makler/maklerin=agent/estate agent/broker
renovierung/umbau=renovation/refurbishment
handwerker=tradesman/builder/plumber
reparatur/reparieren/repariert=repair/fix/fixed
kaputt=broken
auto/wagen=car
fahrrad/rad=bike/bicycle
zug/bahn=train
flug/fliegen/flugzeug=flight/fly/plane
flughafen=airport
bus=bus
reise/reisen/urlaub=trip/travel/holiday/vacation
hotel/unterkunft=hotel/accommodation
strand=beach
berge/gebirge=mountains
meer=sea
stadt=city/town
land=country
ausland=abroad
arzt/ärztin=doctor/gp
zahnarzt=dentist
tierarzt/tierärztin=vet
krankenhaus/klinik=hospital/clinic
krank/krankheit=ill/sick/illness
krankgeschrieben=sick leave/sick note
schmerzen/weh=pain/hurts
knie=knee
rücken=back
kopf=head
herz=heart
bein=leg
arm=arm
fuß=foot
hand=hand
zahn/zähne=tooth/teeth
auge/augen=eye/eyes
operation/op=surgery/operation
termin=appointment
diagnose=diagnosis
medikament/medikamente/tabletten=medication/medicine/pills
rezept=prescription/recipe
impfung=vaccination/vaccine
blut=blood
zucker/diabetes=sugar/diabetes
allergie=allergy
physiotherapie/physio=physiotherapy/physio
sport/training=sport/exercise/training
laufen/joggen=run/running/jogging
schwimmen=swim/swimming
lauf/marathon/halbmarathon=race/marathon/half marathon
gewicht/abgenommen/zugenommen=weight/lost/gained
essen=food/eat/meal
kochen=cook/cooking
abendessen=dinner
frühstück=breakfast
mittagessen=lunch
kuchen=cake
wein=wine
bier=beer
kaffee=coffee
tee=tea
hund=dog
katze=cat
pferd=horse
haustier=pet
futter/füttern=food/feed
arbeit/job=work/job
firma/unternehmen=company/firm
büro=office
projekt=project
kunde/kundin=client/customer
vertrag=contract
kündigung/gekündigt/kündigen=notice/quit/resigned/resignation
bewerbung/beworben=application/applied
vorstellungsgespräch=interview
beförderung=promotion
besprechung/meeting=meeting
präsentation/vortrag=presentation/talk
bericht=report
frist/deadline=deadline
einreichung=submission
mail/email=email/mail
brief=letter
anruf/angerufen/telefoniert=call/called/phoned
nachricht=message
handy/telefon=phone
computer/laptop=computer/laptop
band=band
sängerin/sänger=singer
gitarre=guitar
klavier=piano
konzert=concert
lied=song
buch=book
film=film/movie
spiel=game/match
geschenk=gift/present
party/feier=party/celebration
weihnachten=christmas
ostern=easter
silvester=new year's eve
name/heißt/nachname/vorname=name/called/surname/first name
adresse=address
straße=street/road
nummer=number
farbe=colour/color
größe=size
alt/alter=old/age
neu=new
groß=big/large/tall
klein=small/little
teuer=expensive
billig/günstig=cheap
schnell=fast/quick
langsam=slow
gut=good
schlecht=bad
glücklich=happy
traurig=sad
wütend/sauer=angry
müde=tired
angst/nervös=afraid/nervous/anxious
gestresst/stress=stressed/stress
geweint/weinen=cried/cry
gelacht/lachen=laughed/laugh
gesagt/sagen=said/say/told
erzählt/erzählen=told/tell
gefragt/fragen=asked/ask
geschrieben/schreiben=wrote/write
gefunden/finden=found/find
verloren/verlieren=lost/lose
vergessen=forgot/forget/forgotten
gewonnen/gewinnen=won/win
angefangen/anfangen/beginn=started/start/began
aufgehört/aufhören/ende=stopped/stop/end
geplant/planen/plan=planned/plan
abgesagt/absagen=cancelled/cancel
verschoben/verschieben=postponed/moved/rescheduled
gebucht/buchen=booked/book
gemietet/mieten=rented/rent/hired
wohnen/wohnt/leben/lebt=live/lives/living
arbeiten/arbeitet=work/works/working
besuch/besuchen/besucht=visit/visited
geboren=born
gestorben/tod=died/death
beerdigung=funeral
tag=day
woche=week
monat=month
jahr=year
wochenende=weekend
morgen=morning/tomorrow
abend=evening
nacht=night
heute=today
gestern=yesterday
frühling=spring
sommer=summer
herbst=autumn/fall
winter=winter
januar=january
februar=february
märz=march
april=april
mai=may
juni=june
juli=july
august=august
september=september
oktober=october
november=november
dezember=december
montag=monday
dienstag=tuesday
mittwoch=wednesday
donnerstag=thursday
freitag=friday
samstag=saturday
sonntag=sunday
zeit=time
stunde=hour
gebraucht=used/second-hand
elektro/elektrisch=electric
lampe=lamp/light
möbel=furniture
sofa=sofa/couch
bett=bed
tisch=table
stuhl=chair
schrank=wardrobe/cupboard
kühlschrank=fridge
waschmaschine=washing machine
heizung=heating/boiler
fenster=window
tür=door
schlüssel=key/keys
kleid=dress
kleidung=clothes
schuhe=shoes
ring/ringe=ring/rings
rede=speech
geschichte=story/history
idee=idea
entscheidung/entschieden=decision/decided
problem=problem/issue
lösung=solution
hilfe/geholfen=help/helped
sorge/sorgen=worry/worries/concern
"""

_GERMAN_ENDINGS = ("innen", "ern", "en", "er", "es", "e", "n", "s")
_ENGLISH_ENDINGS = ("ies", "es", "s", "ed", "ing")


def _table() -> dict[str, tuple[str, ...]]:
    table: dict[str, set[str]] = {}
    for line in PAIRS.strip().splitlines():
        german, english = (side.split("/") for side in line.split("="))
        for word in german:
            table.setdefault(word, set()).update(english)
        for word in english:
            table.setdefault(word, set()).update(german)
    return {word: tuple(sorted(others)) for word, others in table.items()}


TABLE = _table()


def _forms(word: str) -> list[str]:
    """The word and its stems without a common German or English ending."""
    forms = [word]
    for ending in (*_GERMAN_ENDINGS, *_ENGLISH_ENDINGS):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            forms.append(word[: -len(ending)])
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")  # nurseries → nursery
    return forms


def translations(text: str) -> list[str]:
    """The other language's words for the everyday words of ``text``, each once, in the
    order of the words they translate; words without an entry contribute nothing."""
    found: dict[str, None] = {}
    words = re.findall(r"[\w'-]+", text.casefold())
    for word in words:
        for form in _forms(word):
            if form in TABLE:
                found.update(dict.fromkeys(TABLE[form]))
                break
    own = set(words)
    return [word for word in found if word not in own]


# Short words that occur in almost every sentence of one language and rarely in the other
# ("in", "was", "so", "an", "will" are both German and English and count for neither).
GERMAN_MARKER_TEXT = (
    "der die das und ist nicht ich wir ein eine einen mit für auf den dem zu im von hat "
    "haben sind auch noch schon aber wie wann wer wo heißt mein meine sie es du bei dass "
    "wenn mal ja nur doch uns euch ihr sich hab habe wurde wird bin kein keine oder er dein "
    "deine nach seit jetzt eigentlich wohne wohnt arbeite"
)
ENGLISH_MARKER_TEXT = (
    "the and is not i you we they a with for on to of has have are also still already but "
    "how what when who where my our it that did do does at be just this there their your "
    "he she his her had were been or from after since now actually only live lives work "
    "works called"
)
GERMAN_MARKERS = frozenset(GERMAN_MARKER_TEXT.split())
ENGLISH_MARKERS = frozenset(ENGLISH_MARKER_TEXT.split())


def language(text: str) -> str | None:
    """``"de"`` or ``"en"`` by their commonest short words, ``None`` when neither leads."""
    words = re.findall(r"[\w']+", text.casefold())
    german = sum(word in GERMAN_MARKERS for word in words)
    english = sum(word in ENGLISH_MARKERS for word in words)
    if german == english:
        return None
    return "de" if german > english else "en"
