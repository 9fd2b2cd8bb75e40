"""The passages of the two Swedish seeds, verbatim: Royal Canasta (000) and Swedish family
Canasta (003). See ``engine.ruledocs_quotes`` for what a passage is and how the tests check it."""

from __future__ import annotations

from collections.abc import Mapping

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
    "meld.black_threes_unopened": (
        "Svarta treor kan mälas tillsammans med röda treor. Detta kan endast inträffa om ett lag gjort sin"
        " begynnelsemälning eller samtidigt under samma tur som begynnelsemälningen görs."
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
        " beroende av hur många poäng laget samlat ihop under de föregående givarna enligt följande tabell:"
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
