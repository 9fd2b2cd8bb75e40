"""Each variant's own words for each of its rules, and the headings of the sections they stand in.

``QUOTES[variant][rule id]`` is a passage of the variant's seed text, verbatim in the seed's
language (this module holds Classic's Icelandic and Wiener's German ones, ``engine.ruledocs_quotes_sv``
the Swedish ones of Royal and Swedish family Canasta) (whitespace aside: the seeds wrap and space their lines unevenly); `` … `` joins two
passages of the same section. ``tests/engine/test_ruledocs.py`` finds every passage in its seed,
inside the section the variant's ``Rules.sources`` cites. Where the text is silent the passage is
the section's nearest words and ``engine.ruledocs_texts.NOTES`` says what the engine follows.

``HEADINGS[variant][section]`` names each cited section for people: an English heading with a
context per variant, translated; in the seed's own language it is the seed's own heading. Seed
002 (Wiener) has no headings in this copy, so its sources cite a paragraph's first words and the
heading here names the paragraph's subject.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.i18n import NC_, ContextText
from engine.ruledocs_quotes_sv import ROYAL, SWEDISH

# The seeds' languages (../shared/seeds/README.md), by file name.
SEED_LANGUAGES: Mapping[str, str] = {
    "000_cfd586a5b8510a94.txt": "sv",
    "001_ed02fa068fdb88f7.txt": "is",
    "002_e8184cd3c03cb992.txt": "de",
    "003_5aab1292a29b6090.txt": "sv",
}

# Babel reads a context only when it is written out in each call.
HEADINGS: Mapping[str, Mapping[str, ContextText]] = {
    "classic": {
        "Undirbúningur og Úthlutun": NC_("Classic Canasta section", "Preparation and deal"),
        "Að draga spil": NC_("Classic Canasta section", "Drawing cards"),
        "Að biðja um leyfi til að fara út": NC_("Classic Canasta section", "Asking permission to go out"),
        "Lok umferðar": NC_("Classic Canasta section", "The end of the hand"),
        "Lokaður haugur": NC_("Classic Canasta section", "The blocked pile"),
        "Frystur haugur": NC_("Classic Canasta section", "The frozen pile"),
        "Leikurinn": NC_("Classic Canasta section", "The play"),
        "Fyrsta meld takmörk": NC_("Classic Canasta section", "Limits on the first melds"),
        "Að fara út": NC_("Classic Canasta section", "Going out"),
    },
    "wiener": {
        "Die 45. Karte schlägt der Teiler offen auf": NC_("Wiener Canasta section", "The first card of the pile"),
        "Sobald ein Spieler sein Blatt aufnimmt": NC_("Wiener Canasta section", "Red threes"),
        "Die vier roten Dreier sind so genannte Prämienkarten": NC_("Wiener Canasta section", "Red threes"),
        "Wenn ein Spieler, sobald die Reihe an ihm ist": NC_("Wiener Canasta section", "The turn"),
        "Beim Spiel zu viert kann der Spieler": NC_("Wiener Canasta section", "Asking partner"),
        "Ein Spiel ist beendet": NC_("Wiener Canasta section", "Going out"),
        "ausmachen kann man grundsätzlich nur": NC_("Wiener Canasta section", "Going out"),
        "Wenn ein Spieler die letzte Karte des Talons aufnimmt": NC_("Wiener Canasta section", "The end of the stock"),
        "Kann jedoch die zuletzt abgelegt Karte": NC_("Wiener Canasta section", "The end of the stock"),
        "Wenn die oberste Karte des Pakets": NC_("Wiener Canasta section", "Buying the pile"),
        "Hat der Spieler (oder sein Partner) noch nicht eröffnet": NC_("Wiener Canasta section", "Buying the pile"),
        "Enthält das Paket eine oder mehrere wilde Karten": NC_("Wiener Canasta section", "Buying the pile"),
        "Wenn ein Spieler (oder sein Partner) bereits": NC_("Wiener Canasta section", "Buying the pile"),
        "Das Paket darf - falls es nicht eingefroren ist": NC_("Wiener Canasta section", "Buying the pile"),
        "Wenn ein Spieler das Paket kauft": NC_("Wiener Canasta section", "Buying the pile"),
        "Es gibt drei Möglichkeiten": NC_("Wiener Canasta section", "Blocking the pile"),
        "Aufgabe und Ziel des Spielers": NC_("Wiener Canasta section", "Melds"),
        "Ein Drilling muss zumindest 2 Grundkarten": NC_("Wiener Canasta section", "What a meld holds"),
        "Schwarze Dreier dürfen nur im Zuge des Ausmachens": NC_("Wiener Canasta section", "Black threes"),
        "Hat ein Spieler bereits eröffnet": NC_("Wiener Canasta section", "Laying off"),
        "Ein Spieler bzw. eine Partnerschaft darf nur dann eröffnen": NC_("Wiener Canasta section", "The opening meld"),
        "Alle sechs Spieler nehmen aktiv am Spiel teil": NC_("Wiener Canasta section", "Six players in three partnerships"),
        "Jeder Spieler zieht eine Karte. Wer die höchste Karte zieht": NC_("Wiener Canasta section", "Three players"),
        "Möchte ein Spieler um Erlaubnis fragen": NC_("Wiener Canasta section", "Six players in two teams"),
    },
    "royal": {
        "Given": NC_("Royal Canasta section", "The deal"),
        "Spelordning": NC_("Royal Canasta section", "Order of play"),
        "Bordssamtal": NC_("Royal Canasta section", "Table talk"),
        "Göra utgång": NC_("Royal Canasta section", "Going out"),
        "Talongens sista kort": NC_("Royal Canasta section", "The last card of the stock"),
        "Sakhögen": NC_("Royal Canasta section", "The pile"),
        "Mälningar": NC_("Royal Canasta section", "Melds"),
        "Canasta kombinationer": NC_("Royal Canasta section", "Canasta combinations"),
        "Svarta treor": NC_("Royal Canasta section", "Black threes"),
        "Röda treor": NC_("Royal Canasta section", "Red threes"),
        "Begynnelsemälning": NC_("Royal Canasta section", "The opening meld"),
        "Straffpoäng & felaktigt spel": NC_("Royal Canasta section", "Penalties and irregular play"),
        "Antal spelare": NC_("Royal Canasta section", "Number of players"),
    },
    "swedish": {
        "Spelet inleds": NC_("Swedish family Canasta section", "How play begins"),
        "Undantagsregler avslutskort": NC_("Swedish family Canasta section", "Exceptions for the closing card"),
        "Hur man spelar Canasta": NC_("Swedish family Canasta section", "How to play Canasta"),
        "ORDLISTA & FÖRKLARINGAR": NC_("Swedish family Canasta section", "Glossary and explanations"),
        "POÄNGRÄKNING": NC_("Swedish family Canasta section", "Scoring"),
    },
}

_C_UPCARD = (
    "Ef efsta spilið í birgðunum er villikort eða rauður þristur, snúðu spilinu lárétt til að gefa til"
    " kynna að haugurinn sé frystur (sjá hér að neðan) og haltu áfram að snúa spilum þar til þú færð spil"
    " sem er hvorki villikort né rauður þristur."
)
_C_RED_THREES = (
    "Venjulega ætti hver leikmaður á þessum tímapunkti að setja alla rauða þrista sem þeir hafa í hendi"
    " sinni upp á við fyrir framan sig og draga jafnmörg spil til að skipta þeim út, en á þessari síðu"
    " frestum við því þar til það er röð á þeim leikmanni til að halda hlutunum skýrum og einföldum."
)
_C_DRAW = (
    "Í upphafi umferðar þinnar annað hvort dregurðu efsta spilið úr stokknum, eða tekur upp allan"
    " úrgangshauginn."
)
_C_BINDING = 'Félaginn getur þá svarað "já" eða "nei", og svarið er bindandi.'
_C_FROZEN = (
    "Frystan haug má aðeins taka ef þú getur gert náttúrulegt meld (meld án villikorta) með efsta"
    " spilinu og spilum úr hendi þinni."
)
_C_BLACK_THREES = (
    "Svartir þristar má ekki meldast nema sem síðasta meldið áður en leikmaður fer út og lýkur"
    " umferðinni, og þeir má ekki meldast með villikortum."
)

CLASSIC: Mapping[str, str] = {
    "deal.upcard": _C_UPCARD,
    "red_three.lay_out": _C_RED_THREES,
    "turn.draw_first": _C_DRAW,
    "turn.already_drawn": _C_DRAW,
    "turn.answer_pending": _C_BINDING,
    "hand.over": "Þegar spilari fer út er umferðinni lokið.",
    "stock.empty": (
        "Í venjulegum leik myndirðu tæknilega halda áfram að spila þar til einn spilari getur ekki eða"
        " neitar að taka bunkann, en til að halda hlutunum einföldum í þessum leik, ef spilari lýkur"
        " leiknum og það er ekkert spil eftir í stokknum, endar leikurinn, óháð því hvort lið fór út eða ekki."
    ),
    "stock.not_empty": "Umferðinni lýkur einnig þegar síðasta spilið hefur verið dregið úr stokknum.",
    "pile.empty": (
        "Þú mátt alltaf taka efsta spilið úr stokknum, en þú getur aðeins tekið upp hauginn ef þú getur"
        " strax lagt niður eða lagt af efsta spilinu í haugnum."
    ),
    "pile.blocked": (
        "Ef það er rauður þristur, svartur þristur, eða villikort efst í haugnum er hann lokaður. Þú getur"
        " ekki tekið upp lokaðan haug undir neinum kringumstæðum."
    ),
    "pile.frozen": _C_FROZEN,
    "pile.frozen_wild": _C_FROZEN + " Þú verður að gera það meld sama umferð og þú tekur upp hauginn.",
    "pile.frozen_unopened": (
        "Á sama hátt er haugurinn frystur gegn liði ef það lið hefur ekki gert upphafsmeldið sitt enn."
    ),
    "pile.top_card": (
        "Ef þú tekur upp hauginn verður þú að leggja fram lofaða meldið sem inniheldur efsta spil haugins"
        " áður en þú mátt taka restina af haugnum eða gera önnur meld."
    ),
    "pile.onto_rank": (
        "Í líkamlegum leik myndirðu einfaldlega sýna tvö önnur spil meldsins úr hendi þinni, eða færa"
        " haugspilið til meldsins á borðinu sem þú ert að leggja af á."
    ),
    "pile.wild_cards": (
        "Ef þú tekur upp hauginn verður þú að leggja fram lofaða meldið sem inniheldur efsta spil haugins"
        " áður en þú mátt taka restina af haugnum eða gera önnur meld. Í líkamlegum leik myndirðu"
        " einfaldlega sýna tvö önnur spil meldsins úr hendi þinni"
    ),
    "hand.not_held": (
        "Þegar leikmaður hefur meldað öll spilin sem hann vill meldað í þeirri umferð, lýkur leikmaðurinn"
        " umferð sinni með því að henda einu spili úr hendi sinni í úrgangshauginn."
    ),
    "meld.too_small": "Meld samanstendur af að minnsta kosti þremur spilum, og allt að 11.",
    "meld.mixed_ranks": (
        "Það verður alltaf að vera fleiri náttúruleg spil en villikort, og öll náttúruleg spil verða að"
        " vera af sama gildi."
    ),
    "meld.too_few_naturals": (
        "Það verður að innihalda að minnsta kosti tvö náttúruleg spil af sama gildi, og getur innihaldið"
        " allt að þrjú villikort."
    ),
    "meld.too_many_wilds": (
        "Það verður alltaf að vera fleiri náttúruleg spil en villikort, og öll náttúruleg spil verða að"
        " vera af sama gildi. Til dæmis eru þrír fimmar gilt meld, en tveir jokers og fimmur er ekki gilt."
        " Á sama hátt eru sex fjórur gilt meld, en sex fjórur og fjögur villikort eru ekki."
    ),
    "meld.red_three": _C_RED_THREES,
    "meld.black_threes": _C_BLACK_THREES,
    "meld.black_threes_wild": _C_BLACK_THREES,
    "meld.layoff": (
        "Þú getur lagt af eins mörg eða fá spil í einu og þú vilt, en endanlegt sameinað meld á borðinu"
        " verður að vera gilt."
    ),
    "opening.minimum": (
        "Fyrsta meld sem lið gerir í hverri umferð verður að vera að minnsta kosti ákveðinn fjöldi stiga"
        " til að vera gilt, eftir því hversu mörg stig liðið hefur í heildina. Rauður þristur er ekki"
        " talinn sem meld í þessu samhengi."
    ),
    "going_out.needs_canasta": (
        "Ef liðið þitt hefur ekki Canasta á borðinu máttu ekki fara út, og máttu ekki ljúka leiknum með"
        " engin spil í hendi."
    ),
    "going_out.refused": "Ef félagi þinn neitar, geturðu ekki farið út.",
    "going_out.required": "Ef félaginn samþykkir, verður þú að fara út.",
    "ask.after_meld": (
        "Vegna þessa, eftir að hafa dregið spilið þitt en áður en þú meldar eða leggur af neitt, geturðu"
        " spurt félaga þinn hvort þú megir fara út."
    ),
    "ask.twice": _C_BINDING,
    "ask.cannot_go_out": (
        'Í þessum leik er hnappur til að spyrja "Má ég fara út?", sem verður virkur þegar leikurinn'
        " greinir að þú getur farið út og þú hefur ekki gert nein meld í þeim leik."
    ),
    "answer.not_asked": _C_BINDING,
    "answer.cannot_pass": _C_BINDING,
}

_W_ASK = (
    'Beim Spiel zu viert kann der Spieler, der im Begriff ist auszumachen, seinen Partner fragen: "Darf'
    ' ich ausmachen?", worauf dieser mit klarem Ja oder Nein antworten muss; die Antwort ist verbindlich.'
)
_W_LAST_CARD = (
    "Wenn ein Spieler die letzte Karte des Talons aufnimmt und dann ohne auszumachen eine Karte abwirft,"
    " so endet das Spiel; es sei denn, der nächste Spieler kauft das Paket: in diesem Fall setzt sich das"
    " Spiel solange fort, bis ein Spieler entweder ausmacht oder das Paket nicht kaufen kann bzw. will."
)
_W_FIGURES = (
    "Aufgabe und Ziel des Spielers ist es, aus seinem Blatt und aus den im Laufe des Spieles gekauften"
    " Karten, Meldungen, so genannte Figuren, aus zumindest drei gleichrangigen Karten zu melden."
)
_W_TABLE = (
    "Ein Drilling muss zumindest 2 Grundkarten und darf nur 1 Joker enthalten. Ein Vierling muss"
    " zumindest 2 Grundkarten und darf nur 2 Joker enthalten. Ein Fünfling muss zumindest 3 Grundkarten"
    " und darf nur 2 Joker enthalten. Ein Sechsling muss zumindest 3 Grundkarten und darf nur 3 Joker"
    " enthalten. … Ein Siebenling (Canasta) muss zumindest 4 Grundkarten und darf nur 3 Joker enthalten."
)
_W_FROZEN = (
    "Ist das Paket eingefroren, so kann ein Spieler das Paket nur dann kaufen, wenn er zwei Karten des"
    " gleichen Wertes im Blatt hat wie die oberste Karte des Pakets."
)
_W_ONTO = (
    "Das Paket darf - falls es nicht eingefroren ist - ferner gekauft werden, wenn die oberste Karte an"
    " eine vom Spieler oder dessen Partner gemeldete Figur von sechs oder weniger Karten angelegt werden kann."
)
_W_BLACK_THREES = (
    "Schwarze Dreier dürfen nur im Zuge des Ausmachens gemeldet werden. Macht ein Spieler aus, so darf er"
    " drei oder vier schwarze Dreier herauslegen; schwarze Dreier können aber nicht mit wilden Karten"
    " kombiniert werden."
)

WIENER: Mapping[str, str] = {
    "deal.upcard": (
        "Ist diese offene Karte ein Joker, ein Zweier, ein roter oder schwarzer Dreier, so wird eine"
        " weitere, bzw. werden allenfalls solange weitere Karten darüber gelegt, bis ein Wert zwischen"
        " Vier und Ass als oberste Karte aufscheint."
    ),
    "red_three.lay_out": (
        "Sobald ein Spieler sein Blatt aufnimmt, legt er die etwa in seiner Hand befindlichen roten Dreier"
        " offen vor sich auf den Tisch und zieht, sobald er an der Reihe ist, für jeden roten Dreier vom"
        " Stoß eine Ersatzkarte. Das geschieht auch im weiteren Verlauf des Spieles, sobald man vom Stoß"
        " einen roten Dreier kauft. Nur für einen mit dem Paket gekauften roten Dreier darf keine"
        " Ersatzkarte gezogen werden (siehe § 3)."
    ),
    "turn.draw_first": (
        "Wenn ein Spieler, sobald die Reihe an ihm ist, das Paket nicht kaufen kann oder nicht kaufen will,"
        " so muss er eine Karte vom Stoß kaufen."
    ),
    "turn.already_drawn": (
        "Danach darf er Karten melden, muss es aber nicht. Ein Spieler beendet seinen Zug, indem er eine"
        " Karte abwirft."
    ),
    "turn.answer_pending": _W_ASK,
    "hand.over": "Ein Spiel ist beendet, sobald ein Spieler alle seine Karten, zu Figuren geordnet, gemeldet hat.",
    "stock.empty": _W_LAST_CARD,
    "stock.not_empty": _W_LAST_CARD,
    "stock.must_take": (
        "Kann jedoch die zuletzt abgelegt Karte an eine Figur angelegt werden (siehe § 12.4), so ist der"
        " Spieler zum Kauf des Pakets nun sogar verpflichtet, vorausgesetzt das Paket ist nicht durch eine"
        " wilde Karte oder einen roten Dreier eingefroren."
    ),
    "pile.empty": (
        "Wenn die oberste Karte des Pakets dem an die Reihe kommenden Spieler dazu dient, mit dieser Karte"
        " eine Figur zu bilden, dann hat er - falls das Paket nicht gesperrt ist (siehe § 13) - das Recht,"
        " die oberste Karte mitsamt dem ganzen Paket zu kaufen."
    ),
    "pile.blocked": (
        "Legt man einen schwarzen Dreier ab, so darf der nächstsitzende Spieler (d.h. der Spieler zu Linken)"
        " das Paket nicht kaufen (siehe § 7) … Legt man einen Joker oder einen Zweier ab, so darf der"
        " nächstsitzende Spieler das Paket keinesfalls kaufen."
    ),
    "pile.blocked_canasta": (
        "Legt man eine Karte ab, die der Gegner an ein bereits vollständiges Canasta anlegen könnte, so"
        " darf der nächstsitzende Spieler das Paket nicht kaufen; insbesondere auch dann nicht, wenn er"
        " zwei Karten vom selben Wert in der Hand hält."
    ),
    "pile.frozen": (
        "Enthält das Paket eine oder mehrere wilde Karten bzw. einen oder mehrere rote Dreier, so ist das"
        " Paket eingefroren. " + _W_FROZEN
    ),
    "pile.frozen_wild": _W_FROZEN + " Diese beiden Karten müssen nun zusammen mit der obersten Karte des"
    " Pakets gemeldet werden.",
    "pile.frozen_unopened": (
        "Hat der Spieler (oder sein Partner) noch nicht eröffnet, so muss er, wenn er das Paket kaufen möchte,"
    ),
    "pile.top_card": (
        "Wenn ein Spieler das Paket kauft, dann darf er zunächst nur die oberste Karte an sich nehmen, und"
        " muss diese sofort melden; die oberste Karte darf nicht in das Blatt aufgenommen werden."
    ),
    "pile.onto_rank": _W_ONTO,
    "pile.onto_canasta": _W_ONTO,
    "pile.wild_cards": (
        'Wenn ein Spieler (oder sein Partner) bereits "auf dem Tisch liegt" und das Paket nicht eingefroren'
        " ist, so darf er das Paket auch dann kaufen, wenn er nur eine Karte im Blatt hat, die der obersten"
        " Karte entspricht, und dazu einen Joker oder Zweier."
    ),
    "hand.not_held": _W_FIGURES,
    "meld.too_small": _W_FIGURES,
    "meld.mixed_ranks": (
        "Sequenzen von aufeinander folgenden Karten können nicht herausgelegt werden, die Farben der Karten"
        " spielen keine Rolle (mit Ausnahme der Dreier, siehe §§ 6 und 7)."
    ),
    "meld.too_few_naturals": _W_TABLE,
    "meld.too_many_wilds": _W_TABLE,
    "meld.red_three": (
        "Die vier roten Dreier sind so genannte Prämienkarten, sie spielen eine ähnliche Rolle wie die"
        " Blumen- und Jahreszeitenziegel beim Mah-Jongg-Spiel."
    ),
    "meld.black_threes": _W_BLACK_THREES,
    "meld.black_threes_wild": _W_BLACK_THREES,
    "meld.layoff": (
        "Hat ein Spieler bereits eröffnet, dann darf sein Partner an seine Meldungen anlegen. … Eine Partei"
        " darf Karten vom selben Rang melden wie ihre Gegner; es ist aber nicht gestattet, an Meldungen der"
        " Gegner anzulegen."
    ),
    "opening.minimum": (
        "Ein Spieler bzw. eine Partnerschaft darf nur dann eröffnen, d.h. die im Blatt befindlichen Figuren"
        " erstmalig auf den Tisch legen, wenn der Gesamtwert dieser Figuren, gerechnet nach der Bewertung"
        " der Karten laut § 4 zumindest 15, 50, 90 oder 120 Punkte beträgt."
    ),
    "going_out.needs_canasta": "ausmachen kann man grundsätzlich nur, wenn man mindestens ein canasta herausgelegt hat.",
    "going_out.needs_two_canastas": (
        "Ausmachen darf man erst mit zwei Canasta (man kann vereinbaren, dass darunter mindestens ein"
        " echter sein muss)."
    ),
    "going_out.refused": _W_ASK,
    "going_out.required": _W_ASK,
    "ask.after_meld": _W_ASK,
    "ask.twice": _W_ASK,
    "ask.cannot_go_out": _W_ASK,
    "ask.no_partner": "Es werden keine Partnerschaften gebildet, jeder Spieler spielt für sich selbst.",
    "answer.not_asked": _W_ASK,
    "answer.cannot_pass": (
        "Möchte ein Spieler um Erlaubnis fragen, ausmachen zu dürfen, so muss er diese Frage an seinen"
        " Partner zur Linken stellen; dieser kann mit Ja oder Nein antworten oder passen. Im letzteren Fall,"
        " muss dann der Partner zur Rechten mit Ja oder Nein antworten."
    ),
}

QUOTES: Mapping[str, Mapping[str, str]] = {
    "classic": CLASSIC,
    "wiener": WIENER,
    "royal": ROYAL,
    "swedish": SWEDISH,
}
