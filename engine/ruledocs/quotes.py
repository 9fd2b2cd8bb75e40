"""Each variant's own words for each of its rules, and the headings of the sections they stand in.

``QUOTES[variant][rule id]`` is a passage of the variant's seed text, verbatim in the seed's
language (whitespace aside: the seeds wrap and space their lines unevenly); `` … `` joins two
passages of the same section. ``tests/engine/ruledocs/test_ruledocs.py`` finds every passage in its seed,
inside the section the variant's ``Rules.sources`` cites. Where the text is silent the passage is
the section's nearest words and the learner is told so (``engine.ruledocs.texts.SILENT``).

``HEADINGS[variant][section]`` names each cited section for people: an English heading with a
context per variant, translated; in the seed's own language it is the seed's own heading. Seed
002 (Wiener) has no headings in this copy, so its sources cite a paragraph's first words and the
heading here names the paragraph's subject.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.i18n import NC_, ContextText

# The seeds' languages, by file name (the seeds' own README says which is which).
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
        "Macht ein Spieler verdeckt aus": NC_("Wiener Canasta section", "Going out concealed"),
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
    "replacement.not_in_variant": _C_RED_THREES,
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
    "replacement.not_in_variant": (
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
    "meld.move_wilds": (
        "Macht ein Spieler verdeckt aus bzw. spielt er Hand-Canasta, so legt er sein Blatt getrennt von"
        " etwaigen Figuren seines Partners aus, um zu zeigen, dass er alle Karten in eigenen Meldungen"
        " unterbringt - erst danach werden eventuelle gleichrangige Meldungen mit denjenigen des Partners"
        " vereinigt, wobei auch weitere Canasta entstehen können. Enthält eine Figur nach der Vereinigung"
        " eine vierte oder fünfte wilde Karte, so dürfen diese überzähligen wilden Karten zu anderen"
        " Meldungen verschoben werden."
    ),
    "answer.not_asked": _W_ASK,
    "answer.cannot_pass": (
        "Möchte ein Spieler um Erlaubnis fragen, ausmachen zu dürfen, so muss er diese Frage an seinen"
        " Partner zur Linken stellen; dieser kann mit Ja oder Nein antworten oder passen. Im letzteren Fall,"
        " muss dann der Partner zur Rechten mit Ja oder Nein antworten."
    ),
}

_R_ANSWER = "Hans partner(s) måste svara ” Ja” eller ”Nej” och svaret är bindande."
_R_ANSWER_ALL = _R_ANSWER + " Om en partner svarar ”Ja” och den andra ”Nej” , är svaret ”Nej”."
_R_ASK = "En spelare får ställa frågan till sin partner / sina partners : ”får jag göra utgång?”"
_R_LAST = "Given avslutas när en spelare inte kan ta högen , eller väljer enligt reglerna att avstå."
_R_OPEN_PILE = (
    "För att en spelare ska kunna ta upp en öppen hög måste han kunna mäla dess översta kort med"
    " matchande kort av samma valör från sin hand ; denna mälning kan inkludera ett eller två vilda kort"
    " förutom kortet av matchande valör."
)
_R_FROZEN = (
    "Sakhögen är frusen när den innehåller en röd trea eller ett vilt kort , var än i högen de ligger."
    " … För att kunna ta upp sakhögen när den är frusen , så måste spelaren ha två matchande kort av"
    " samma valör som sakhögens översta kort."
)
_R_MELDS = (
    "Följande gäller för alla mälningar: En mälning måste bestå av minst tre kort av samma valör, med"
    " undantag för mälningar gällande en Royal Canasta (som kan innehålla ett eller flera kort)."
)
_R_BLACK_THREES = (
    "Svarta treor kan mälas utan röda treor endast i samma tur som en spelare gör utgång. I detta fall"
    " måste mälningen innehålla mellan tre och sex svarta treor och inga vilda kort."
)
_R_DISCARD = (
    "Det kan vara ett kort från handen eller ett av korten han mälade i samma tur förutsatt att inte"
    " mälningen blir ogiltig om han avlägsnar ett kort från den."
)
_R_REPLACEMENT = (
    "Varje gång man mäler en röd trea , har man rätt att dra ett ersättningskort från talongen ; är"
    " talongen tom , går man miste om ett ersättningskort."
)

ROYAL: Mapping[str, str] = {
    "deal.upcard": (
        "Om sakhögens första kort är ett vilt kort , svart eller röd trea , täcks det med ett annat kort"
        " från talongen ; detta fortsätter tills startkortet är ett kort mellan fyra och ess."
    ),
    "turn.draw_first": (
        "När en spelare inleder sin tur kan han välja mellan att dra två kort från talongen eller ta upp"
        " sakhögen (om han kan göra det enligt reglerna)."
    ),
    "turn.already_drawn": (
        "Han kan sedan göra ett obegränsat antal mälningar om han kan och vill. Att mäla kort är alltid ett"
        " alternativ. Han avslutar sedan sin tur med att saka ett kort med framsidan upp på sakhögen."
    ),
    "turn.answer_pending": _R_ANSWER,
    "hand.over": "Omgången avslutas direkt när någon spelare gör utgång.",
    "stock.empty": (
        "Efter att en spelare sakat , fortsätter spelet om nästa spelare kan ta upp sakhögen. … " + _R_LAST
    ),
    "stock.not_empty": _R_LAST,
    "stock.must_take": (
        "Om det är möjligt att ta upp sakhögen enligt reglerna om dess översta kort kan läggas på någon av"
        " spelarens lags mälningar , måste han göra detta."
    ),
    "pile.empty": (
        "När en spelare inleder sin tur kan han välja att ta upp sakhögen istället för att dra kort från"
        " talongen om han enligt reglerna kan göra det ; om han väljer att göra detta , måste han ta upp"
        " hela högen."
    ),
    "pile.blocked": (
        "Sakhögen är blockerad när dess översta kort är en svart trea , röd trea , eller ett vilt kort. I"
        " detta läge får inte en spelare ta upp sakhögen när han står i tur."
    ),
    "pile.frozen": _R_FROZEN,
    "pile.frozen_wild": (
        "Han måste först placera de två matchande korten på bordet med framsidan upp för att sedan lägga"
        " till sakhögens översta kort .Dessa tre kort utgör nu en mälning för hans lag."
    ),
    "pile.frozen_unopened": "Den är också frusen för ett lag som inte gjort sin begynnelsemälning.",
    "pile.top_card": (
        "i detta fall , tillfogas sakhögens översta kort till mälningen på bordet , därefter tar spelaren"
        " upp högens återstående kort på sin hand (och han kan sedan göra ytterligare mälningar om han så"
        " önskar)."
    ),
    "pile.onto_rank": (
        "Eller , om sakhögens översta kort kan läggas till någon av hans lags mälningar på bordet , får han"
        " ta sakhögen."
    ),
    "pile.onto_canasta": (
        "Han får dock inte ta upp sakhögen för att lägga till dess översta kort till competta Canastas av"
        " alla former."
    ),
    "pile.wild_cards": _R_OPEN_PILE,
    "pile.single_card": (
        "När en spelare endast har ett kort kvar på hand får han inte ta sakhögen om denna endast består av"
        " ett kort. I detta läge måste spelaren dra kort från talongen"
    ),
    "hand.not_held": (
        "Mälningar måste placeras med framsidan upp på bordet under en spelares tur (efter det han dragit"
        " kort och innan han sakat)."
    ),
    "meld.too_small": _R_MELDS,
    "meld.mixed_ranks": "En svart Canastamälning måste innehålla endast kort av samma valör.",
    "meld.too_few_naturals": (
        "En mälning måste bestå av minst tre kort av samma valör … Ett eller två vilda kort är tillåtna i"
        " en svart Canastamälning , men inga i en röd Canastamälning."
    ),
    "meld.too_many_wilds": (
        "En svart Canasta kan aldrig innehålla mer än två vilda kort ; det finns således en gräns på att två"
        " vilda kort får läggas till en röd Canasta och ett till en svart Canasta (eller inget om den svarta"
        " Canastan redan innehåller två vilda kort)."
    ),
    "meld.black_threes": "Svarta treor kan mälas tillsammans med röda treor. … " + _R_BLACK_THREES,
    "meld.black_threes_wild": _R_BLACK_THREES,
    "meld.black_threes_alone": "Svarta treor kan mälas tillsammans med röda treor. … " + _R_BLACK_THREES,
    "meld.threes_wild": (
        "En Royal Canasta innehåller endast treor. … Inga vilda kort är tillåtna i denna typ av mälning."
    ),
    "meld.threes_closed": (
        "En mälning som innehåller sju treor räknas inte som en Canasta om den endast innehåller en eller två"
        " röda treor.Dessutom får en spelare inte tillfoga några treor till denna mälning. Den förblir en"
        " mälning värd 35 poäng."
    ),
    "meld.layoff": (
        "Man får mäla så många kort man önskar , påbörja nya mälningar eller tillfoga kort till redan gjorda"
        " mälningar ; man får inte tillfoga kort till motståndarnas mälningar."
    ),
    "meld.complete": (
        "Så snart som en Canasta blivit komplett och markerad , kan man lägga till kort av samma valör eller"
        " vilda kort till en röd eller svart Canasta när man mälar vid sin tur; Detta kommer att öka"
        " Canastans kortpoängvärde , men inte bonuspoängen. Man kan inte lägga till kort till någon annan"
        " form av en komplett Canasta."
    ),
    "meld.seven_cards": "En Canasta är en kombination beståendes av sju kort.",
    "meld.one_bolivia": (
        "Man kan påbörja två eller flera Sambarelaterade mälningar av samma färg , men endast en mälning av"
        " samma valör (Canasta-mälning) kan påbörjas. Så snart som en Royal , Röd eller Svart canasta blivit"
        " komplett (sju kort) , kan en ny mälning av samma valör påbörjas ; denna regel gäller också för en"
        " Bolivia."
    ),
    "meld.samba": (
        "En Samba relaterad mälning är en sekvens beståendes av tre till sju kort som måste vara av samma"
        " färg. De kort som är tillåtna i en Samba är de i rangordning från fyror till ess (essen är alltid"
        " högst). Inga vilda kort är tillåtna i en samba."
    ),
    "meld.bolivia": "En Bolivia relaterad mälning är uppbyggd av endast vilda kort (jokrar och tvåor).",
    "meld.threes": (
        "Att påbörja en Royal Canasta. Det första kortet som mälas i en Royal canasta måste vara en röd"
        " trea. … Att avsluta en Royal Canasta. En Royal Canasta måste innehålla minst tre röda treor."
    ),
    "meld.red_three": (
        "100 Bonus för en röd trea. En röd trea kan mälas ensam för en bonus på 100 poäng när spelare mälar"
        " under sin tur."
    ),
    "opening.minimum": (
        "Den första mälningen som görs av någon spelare i ett lag måste ha ett visst minimipoängvärde ,"
        " beroende av hur många poäng laget samlat ihop under de föregående givarna enligt följande tabell: …"
        " Bonuspoäng för Canastas och röda treor får inte räknas med för att uppnå minimipoängen (undantag:"
        " en eller flera röda treor som mälats tillsammans med åtminstone en svart trea räknas som fem poäng"
        " för varje)."
    ),
    "going_out.needs_samba": (
        "En spelare får inte göra utgång om hans lag inte har fullbordat minst två Canastas , av vilken en"
        " måste vara en Samba. En spelare måste behålla minst ett kort kvar på handen om han inte enligt"
        " reglerna kan göra utgång."
    ),
    "going_out.refused": _R_ANSWER_ALL,
    "going_out.required": (
        "En spelare som frågar sin partner ”Får jag göra utgång”och sedan inte gör detta : 100 poäng."
    ),
    "ask.after_meld": (
        "Han måste ställa frågan innan han mäler och innan han tar upp sakhögen om detta är hans avsikt ;"
        " men om han tänker dra från talongen , ställer han frågan efter sin dragning."
    ),
    "ask.after_pile": (
        "Han måste ställa frågan innan han mäler och innan han tar upp sakhögen om detta är hans avsikt ;"
        " men om han tänker dra från talongen , ställer han frågan efter sin dragning."
    ),
    "going_out.take_pile": (
        "Han måste ställa frågan innan han mäler och innan han tar upp sakhögen om detta är hans avsikt ; …"
        " Hans partner(s) måste svara ” Ja” eller ”Nej” och svaret är bindande."
    ),
    "discard.breaks_meld": _R_DISCARD,
    "discard.melded_before": _R_DISCARD,
    "ask.twice": _R_ASK,
    "ask.cannot_go_out": _R_ASK,
    "ask.no_partner": "Royal Canasta kan spelas av två , tre , fyra , fem eller sex spelare.",
    "answer.not_asked": _R_ANSWER,
    "answer.cannot_pass": _R_ANSWER_ALL,
    "replacement.none_owed": (
        _R_REPLACEMENT + " Om man sakar en röd trea , får man inte dra något ersättningskort från talongen."
    ),
    "replacement.stock_empty": _R_REPLACEMENT,
}

_S_TURN = "Samma spelare får bygga så länge han eller hon kan."
_S_END = (
    "Omgången är slut när mitthögen är slut på kort, eller när en spelare har byggt minst två canastor på"
    " bordet och samme spelare får slut på sina kort på hand."
)
_S_TAKE = (
    "Skräphögen får endast plockas upp om det översta kortet i denna hög kan användas i en befintlig eller"
    " ny mäla som tillhör spelaren."
)
_S_GOAL = "Spelets huvudsakliga mål är att samla ihop kort för att bygga ”mälor” ihop till en Canasta."
_S_THREE = "För att få börja bygga på en mäla krävs det tre kort av samma värde."
_S_RED_THREE = (
    "Om en röd trea dyker upp när man plockar upp sina kort från mitthögen, då placeras denna öppet på"
    " bordet och sen får man ta ett nytt kort."
)
_S_FROZEN = (
    'En spelare får endast möjligheten att plocka upp skräphögen nu om spelaren har två "äkta" kort av'
    " samma valör som det översta kortet i skräphögen."
)

SWEDISH: Mapping[str, str] = {
    "deal.upcard": (
        "Skulle detta första kort vara en tvåa eller en joker stoppas det tillbaks i mitthögen, och ett nytt"
        " kort vänds upp."
    ),
    "red_three.lay_out": _S_RED_THREE,
    "replacement.not_in_variant": _S_RED_THREE,
    "turn.draw_first": (
        "Spelaren får välja mellan att plocka upp två kort från mitthögen, eller plocka upp hela skräphögen"
        " (eftersom spelet nyss börjat finns bara ett kort i skräphögen)."
    ),
    "turn.already_drawn": (
        "När spelaren plockat upp sina kort är det dags att börja bygga mälor (minst tre av samma). … När"
        " det inte längre är möjligt att bygga, avslutar man sin runda genom att placera ett kort (vilket"
        " som helst) man inte vill ha, överst i skräphögen."
    ),
    "turn.answer_pending": _S_TURN,
    "hand.over": _S_END,
    "stock.empty": _S_END,
    "stock.not_empty": _S_END,
    "pile.empty": (
        "Spelaren får välja mellan att plocka upp två kort från mitthögen, eller plocka upp hela skräphögen"
        " (eftersom spelet nyss börjat finns bara ett kort i skräphögen). Men denna hög växer efterhand som"
        " spelet fortgår."
    ),
    "pile.blocked": (
        "Väljer man att lägga en svart trea i detta skede så stängs högen, man hindrar då nästa spelare från"
        " möjligheten att plocka upp skräphögen."
    ),
    "pile.frozen": _S_FROZEN,
    "pile.frozen_wild": _S_FROZEN + " Man får alltså inte tillgodose sig ett vilt kort här.",
    "pile.frozen_unopened": "För att få mäla första gången (kallas öppning) krävs ett antal poäng",
    "pile.top_card": _S_TAKE,
    "pile.onto_rank": _S_TAKE,
    "pile.wild_cards": _S_TAKE,
    "hand.not_held": _S_GOAL,
    "meld.too_small": _S_THREE,
    "meld.mixed_ranks": (
        "En mäla eller ett bygge är början till att samla ihop till en Canasta (sju kort av samma värde,"
        " t.ex. sju knektar, eller fyra knektar och tre jokrar/tvåor då dessa är vilda kort och fungerar som"
        " valfri valör)."
    ),
    "meld.too_few_naturals": _S_THREE,
    "meld.too_many_wilds": (
        "Vilda kort – Tvåor eller Jokrar, dessa är värda vad som helst. Man får ha max tre vilda kort i en"
        " Canasta, de får inte överstiga antalet ”vanliga” kort."
    ),
    "meld.red_three": _S_RED_THREE + " Denna röda trea kommer bidra till bonuspoäng i slutet av spelet.",
    "meld.black_threes": "Svarta Treor 5p",
    "meld.black_threes_wild": "Svarta Treor 5p",
    "meld.layoff": _S_GOAL,
    "opening.minimum": (
        "Har laget mellan 0-1499p krävs det kort i öppnings-mälan som tillsammans är värda 50p. Mellan"
        " 1500-2999p krävs det kort som är värda 90p, och till sist krävs det 120p för att få öppna om man"
        " har över 3000p."
    ),
    "going_out.needs_two_canastas": "Man får inte ta slut på sina kort på hand om man inte har minst två canastor.",
    "going_out.refused": _S_TURN,
    "going_out.required": _S_TURN,
    "ask.after_meld": _S_TURN,
    "ask.twice": _S_TURN,
    "ask.cannot_go_out": _S_TURN,
    "answer.not_asked": _S_TURN,
    "answer.cannot_pass": _S_TURN,
}

QUOTES: Mapping[str, Mapping[str, str]] = {
    "classic": CLASSIC,
    "wiener": WIENER,
    "royal": ROYAL,
    "swedish": SWEDISH,
}
