"""Person rewriting with the real spaCy model: pronouns -> people, verbs agree, nothing else changes."""

from __future__ import annotations

import pytest

from ripplemem.errors import ConfigError
from ripplemem.ground.impersonal import impersonal
from ripplemem.ground.person import (
    Edit,
    Pronoun,
    apply_edits,
    person_edits,
    restate_person,
    restate_text,
    third_person,
)
from ripplemem.ground.pipeline import parsed

C, M = "Caroline", "Melanie"
USER, ASSISTANT = "the user", "the assistant"

CASES: list[tuple[str, str | None, str | None, str]] = [
    # a chat statement that is an "-ing" clause gets its speaker back; a gerund subject does not
    ("Hoping my script gets picked up!", C, M, "Caroline is hoping Caroline's script gets picked up!"),
    ("Looking forward to the concert.", C, M, "Caroline is looking forward to the concert."),
    ("Thinking of you.", C, M, "Caroline is thinking of Melanie."),
    ("Seeing these photos just makes me happy!", C, M, "Seeing these photos just makes Caroline happy!"),
    ("Trying new flavors has been a blast!", C, M, "Trying new flavors has been a blast!"),
    ("Taking care of myself physically, emotionally, and mentally helps me.", C, M,
     "Taking care of themself physically, emotionally, and mentally helps Caroline."),
    ("Writing and hanging out with friends!", C, M, "Writing and hanging out with friends!"),
    ("Sending you the recipe now!", C, M, "Caroline is sending Melanie the recipe now!"),
    ("Seeing them dance was awesome.", C, M, "Seeing them dance was awesome."),
    ("Including the dog.", C, M, "Including the dog."),
    ("Going to the lake tomorrow?", C, M, "Going to the lake tomorrow?"),
    ("Choosing a beginner yoga style", ASSISTANT, USER, "Choosing a beginner yoga style"),
    # "I" left out before a verb or adjective of stance, as chat does
    ("Love that painting!", C, M, "Caroline loves that painting!"),
    # the pronoun closing a sentence is a pronoun, not an initial ("I." kept whole named no one)
    ("My wife and I went to Italy, just my wife and I.", C, M, "Caroline's wife and Caroline went to Italy, just Caroline's wife and Caroline."),
    ("Hope your script gets picked up.", C, M, "Caroline hopes Melanie's script gets picked up."),
    ("Can't wait to see your pottery.", C, M, "Caroline can't wait to see Melanie's pottery."),
    ("Glad to hear you found a good group.", C, M, "Caroline is glad to hear Melanie found a good group."),
    ("So glad you felt welcome.", C, M, "Caroline is so glad Melanie felt welcome."),
    ("Proud of you for finishing the race.", C, M, "Caroline is proud of Melanie for finishing the race."),
    ("Miss the old days at the lake.", C, M, "Caroline misses the old days at the lake."),
    ("Need to finish the essay tonight.", C, M, "Caroline needs to finish the essay tonight."),
    ("Guess who finally has a day off.", C, M, "Guess who finally has a day off."),
    ("Been a busy week since we talked.", C, M, "It has been a busy week since Caroline and Melanie talked."),
    ("Been a while!", C, M, "It has been a while!"),
    ("Been busy with work.", C, M, "Caroline has been busy with work."),
    ("I love to help, so just shoot me a question!", C, M, "Caroline loves to help, so just shoot Caroline a question!"),
    ("A reminder to follow my passions and express myself.", C, M, "A reminder to follow Caroline's passions and express themself."),
    ("Made me laugh so hard.", C, M, "Made Caroline laugh so hard."),
    ("Sent me a card last week.", C, M, "Sent Caroline a card last week."),
    ("Just skyped with the cousin I met in Oslo.", C, M, "Caroline just skyped with the cousin Caroline met in Oslo."),
    ("Made with love.", C, M, "Made with love."),
    ("Hoping you can join me.", C, M, "Caroline is hoping Melanie can join Caroline."),
    ("It made me think about taking care of our minds.", C, M, "It made Caroline think about taking care of their minds."),
    # the listener's own body in an instruction stays "your"; anything else is the listener's
    ("Lie on your back and raise your legs.", ASSISTANT, USER, "Lie on your back and raise your legs."),
    ("Check your email before the meeting.", ASSISTANT, USER, "Check the user's email before the meeting."),
    ("Your back looks strong.", C, M, "Melanie's back looks strong."),
    ("Love and kindness can be found everywhere.", C, M, "Love and kindness can be found everywhere."),
    ("Happy birthday to your mom!", C, M, "Happy birthday to Melanie's mom!"),
    ("Feed the cat before you go.", C, M, "Feed the cat before Melanie goes."),
    # a group's reflexive with no subject of its own is "themselves", not the group's name twice
    ("It's great to have a place to be ourselves.", C, M, "It's great to have a place to be ourselves."),  # anyone: kept as said
    # an impersonal "you" or "we" (anyone, in a general statement) stays as said; the listener stays the listener
    ("You can't always choose your neighbours.", C, M, "You can't always choose your neighbours."),
    ("You can never have too many spoons.", C, M, "You can never have too many spoons."),
    ("It's lovely when you wake up to birdsong.", C, M, "It's lovely when you wake up to birdsong."),
    ("When you cook with fresh herbs, you taste the difference.", C, M, "When you cook with fresh herbs, you taste the difference."),
    ("Gardening teaches you patience.", C, M, "Gardening teaches you patience."),
    ("Yoga is great for clearing your mind.", C, M, "Yoga is great for clearing your mind."),  # what it is good for, anyone's
    ("Good sci-fi takes today's problems into the future, making you think about them.", C, M,
     "Good sci-fi takes today's problems into the future, making you think about them."),  # the effect, on anyone
    ("You called me, making me laugh.", C, M, "Melanie called Caroline, making Caroline laugh."),
    ("Swimming is perfect for building your stamina.", C, M, "Swimming is perfect for building your stamina."),
    ("You are great at expressing yourself.", C, M, "Melanie is great at expressing themself."),  # the listener's gift
    ("It lets you forget the week.", C, M, "It lets you forget the week."),
    ("Keeping our promises matters more than winning.", C, M, "Keeping our promises matters more than winning."),
    ("It's healthy to laugh at ourselves.", C, M, "It's healthy to laugh at ourselves."),
    ("It's vital to pick your own battles and keep your head up.", C, M, "It's vital to pick your own battles and keep your head up."),
    ("It's tiring to sell books when you don't trust yourself.", C, M, "It's tiring to sell books when you don't trust yourself."),
    ("Keeping friends who make us laugh is a gift.", C, M, "Keeping friends who make us laugh is a gift."),
    # "we" of a kind's effect on people: a plural noun with no determiner, a general present
    ("Books can shift how we think and help us learn new things.", C, M, "Books can shift how we think and help us learn new things."),
    ("Friends help us through tough times.", C, M, "Friends help us through tough times."),
    ("Pets make us happier.", C, M, "Pets make us happier."),
    # a singular noun said bare is a mass or a kind too; a person said by a bare noun is not
    ("Nature truly has a way of reminding us to appreciate the beauty around us.", C, M,
     "Nature truly has a way of reminding us to appreciate the beauty around us."),
    ("Music brings us together.", C, M, "Music brings us together."),
    ("Life does throw us some surprises.", C, M, "Life does throw us some surprises."),
    ("Dancing lets us be ourselves.", C, M, "Dancing lets us be ourselves."),
    ("Mom makes us pancakes on Sundays.", C, M, "Mom makes Caroline and others pancakes on Sundays."),
    ("The dog makes us laugh.", C, M, "The dog makes Caroline and others laugh."),
    ("The kids make us laugh every day.", C, M, "The kids make Caroline and others laugh every day."),
    # ... and in the "how" clause of an exclamation; not what a person did or does
    ("It's so cool how taking care of ourselves helps us be more creative.", C, M, "It's so cool how taking care of ourselves helps us be more creative."),
    ("It's amazing how books can shift how we think.", C, M, "It's amazing how books can shift how we think."),
    ("It's funny how the kids make us laugh.", C, M, "It's funny how the kids make Caroline and others laugh."),
    ("It's amazing how you helped us move.", C, M, "It's amazing how Melanie helped Caroline and others move."),
    # "all of us", "most of us": everyone, not the pair or the household
    ("It's not just for our kids, but for all of us too!", C, M, "It's not just for Caroline's kids, but for all of us too!"),
    ("Books changed how we think.", C, M, "Books changed how Caroline and others think."),  # past: what happened to them
    ("Our dogs make us happy.", C, M, "Caroline's dogs make Caroline and others happy."),
    # ... or of any one of a kind: "a"/"an" and a singular noun, "something like" a thing named
    ("A good book can change our whole outlook.", C, M, "A good book can change our whole outlook."),
    ("It's amazing how a certain hobby can become a part of our lives.", C, M,
     "It's amazing how a certain hobby can become a part of our lives."),
    ("It's amazing how something like stretching can have such an effect on our wellbeing.", C, M,
     "It's amazing how something like stretching can have such an effect on our wellbeing."),
    ("Something like that can ruin our weekend plans.", C, M, "Something like that can ruin Caroline's weekend plans."),  # a thing said before
    ("A storm knocked out our power.", C, M, "A storm knocked out Caroline's power."),  # past: what happened to them
    ("A neighbour will water our plants.", C, M, "A neighbour will water Caroline's plants."),  # future: a particular occasion
    # what a thing is a way to, for anyone: an infinitive on the noun it is said to be
    ("Music is a great way to express who you are.", C, M, "Music is a great way to express who you are."),
    ("Art can be so healing and a way to connect with who you are.", C, M,
     "Art can be so healing and a way to connect with who you are."),
    ("Cooking is a fun way to show your family you care.", C, M, "Cooking is a fun way to show your family you care."),
    ("Yoga is a great way to calm our minds.", C, M, "Yoga is a great way to calm our minds."),
    ("Your music is a great way to express who you are.", C, M, "Melanie's music is a great way to express who Melanie is."),
    ("That's a great way to show who you are.", C, M, "That's a great way to show who Melanie is."),  # what the listener did
    ("The hike was a good way to meet your neighbours.", C, M, "The hike was a good way to meet Melanie's neighbours."),  # a particular thing
    ("Logging your runs can help you notice what slows you down.", ASSISTANT, USER, "Logging your runs can help you notice what slows you down."),
    ("It's soft but still lets you bounce.", C, M, "It's soft but still lets you bounce."),
    ("It's a strategy game where you build towns and trade wool.", C, M, "It's a strategy game where you build towns and trade wool."),
    ("I found a pier where you can watch the ferries.", C, M, "Caroline found a pier where you can watch the ferries."),
    ("I visited the town where you live.", C, M, "Caroline visited the town where Melanie lives."),
    ("Glad you found a club where you can swim.", C, M, "Caroline is glad Melanie found a club where Melanie can swim."),
    ("That's the bakery where you bought the bread.", C, M, "That's the bakery where Melanie bought the bread."),
    ("You reach the Old Mill by a rope bridge, nothing else.", C, M, "You reach the Old Mill by a rope bridge, nothing else."),
    ("You get in through the side gate after six.", C, M, "You get in through the side gate after six."),
    ("You should get there by bus.", C, M, "Melanie should get there by bus."),
    ("You got there by bus.", C, M, "Melanie got there by bus."),
    ("Got your back - dance is awesome for expressing yourself.", C, M, "Caroline got Melanie's back - dance is awesome for expressing yourself."),
    ("You never miss a match.", C, M, "Melanie never misses a match."),
    ("Could you tell me what got you into pottery?", C, M, "Could Melanie tell Caroline what got Melanie into pottery?"),
    ("Trying recipes like curry, dal, and naan has been a joy!", C, M, "Trying recipes like curry, dal, and naan has been a joy!"),
    ("Looking forward to the trip, and the car is packed!", C, M, "Caroline is looking forward to the trip, and the car is packed!"),
    ("You can always call me.", C, M, "Melanie can always call Caroline."),
    ("It was fun when you visited.", C, M, "It was fun when Melanie visited."),
    ("It's nice to read your poems.", C, M, "It's nice to read Melanie's poems."),
    ("It's good to know that you're safe.", C, M, "It's good to know that Melanie is safe."),
    ("It shows you cared.", C, M, "It shows Melanie cared."),
    ("If baking makes you happy, open a bakery.", C, M, "If baking makes Melanie happy, open a bakery."),
    ("I guess you could always rent a van then.", C, M, "Caroline guesses Melanie could always rent a van then."),
    ("Does the rain make you sleepy?", C, M, "Does the rain make Melanie sleepy?"),
    # present tense -> third-person singular
    ("I especially like your garden.", C, M, "Caroline especially likes Melanie's garden."),
    ("I like pizza.", C, M, "Caroline likes pizza."),
    ("I have two dogs.", C, M, "Caroline has two dogs."),
    ("I do yoga every morning.", C, M, "Caroline does yoga every morning."),
    ("I go to the gym on Mondays.", C, M, "Caroline goes to the gym on Mondays."),
    ("I watch a lot of movies.", C, M, "Caroline watches a lot of movies."),
    ("I try to read every night.", C, M, "Caroline tries to read every night."),
    ("I play the guitar.", C, M, "Caroline plays the guitar."),
    ("I teach art at a high school.", C, M, "Caroline teaches art at a high school."),
    ("I fix old bikes.", C, M, "Caroline fixes old bikes."),
    ("I miss the ocean.", C, M, "Caroline misses the ocean."),
    ("I enjoy long walks.", C, M, "Caroline enjoys long walks."),
    ("I study biology.", C, M, "Caroline studies biology."),
    ("I need a break.", C, M, "Caroline needs a break."),
    ("I live in Boston.", C, M, "Caroline lives in Boston."),
    ("You look great.", C, M, "Melanie looks great."),
    ("You know a lot about birds.", C, M, "Melanie knows a lot about birds."),
    # be
    ("I am tired.", C, M, "Caroline is tired."),
    ("I'm a nurse.", C, M, "Caroline is a nurse."),
    ("You are so kind.", C, M, "Melanie is so kind."),
    ("You're right.", C, M, "Melanie is right."),
    ("I was at home.", C, M, "Caroline was at home."),
    ("You were amazing.", C, M, "Melanie was amazing."),
    ("Im so tired", C, M, "Caroline is so tired"),
    # contractions
    ("I've been painting.", C, M, "Caroline has been painting."),
    ("You've got guts.", C, M, "Melanie has got guts."),
    ("I'd love to help.", C, M, "Caroline would love to help."),
    ("I'd been there before.", C, M, "Caroline had been there before."),
    ("I'd better go.", C, M, "Caroline had better go."),
    ("I'd rather stay home.", C, M, "Caroline would rather stay home."),
    ("I'd have called you.", C, M, "Caroline would have called Melanie."),
    ("I'll call you.", C, M, "Caroline will call Melanie."),
    ("You'll love it.", C, M, "Melanie will love it."),
    ("I wanna travel.", C, M, "Caroline wants to travel."),
    ("I gotta go.", C, M, "Caroline has to go."),
    ("I'm gonna cry.", C, M, "Caroline is gonna cry."),
    ("Ive been there.", C, M, "Caroline has been there."),
    ("I\u2019m so happy.", C, M, "Caroline is so happy."),
    # negations
    ("I don't like jazz.", C, M, "Caroline doesn't like jazz."),
    ("I do not eat meat.", C, M, "Caroline does not eat meat."),
    ("I'm not sure.", C, M, "Caroline is not sure."),
    ("I am not ready.", C, M, "Caroline is not ready."),
    ("I haven't seen it.", C, M, "Caroline hasn't seen it."),
    ("I have not decided yet.", C, M, "Caroline has not decided yet."),
    ("You aren't alone.", C, M, "Melanie isn't alone."),
    ("You weren't there.", C, M, "Melanie wasn't there."),
    ("I no longer work there.", C, M, "Caroline no longer works there."),
    ("I never eat breakfast.", C, M, "Caroline never eats breakfast."),
    ("I dont know.", C, M, "Caroline doesnt know."),
    ("I ain't going.", C, M, "Caroline isn't going."),
    ("I didn't go.", C, M, "Caroline didn't go."),
    ("I can't swim.", C, M, "Caroline can't swim."),
    ("I won't forget it.", C, M, "Caroline won't forget it."),
    ("I rarely cook.", C, M, "Caroline rarely cooks."),
    # modals and past tense stay
    ("I can swim.", C, M, "Caroline can swim."),
    ("I should go.", C, M, "Caroline should go."),
    ("I could help.", C, M, "Caroline could help."),
    ("I might move to Denver.", C, M, "Caroline might move to Denver."),
    ("I must finish it.", C, M, "Caroline must finish it."),
    ("I will call you tomorrow.", C, M, "Caroline will call Melanie tomorrow."),
    ("You should visit.", C, M, "Melanie should visit."),
    ("I would love that.", C, M, "Caroline would love that."),
    ("I used to swim.", C, M, "Caroline used to swim."),
    ("I went hiking.", C, M, "Caroline went hiking."),
    ("I painted a sunset.", C, M, "Caroline painted a sunset."),
    ("You told me about it.", C, M, "Melanie told Caroline about it."),
    ("I bought a new car.", C, M, "Caroline bought a new car."),
    # adverbs between subject and verb
    ("I really love hiking.", C, M, "Caroline really loves hiking."),
    ("I always run on the beach.", C, M, "Caroline always runs on the beach."),
    ("I usually cook at home.", C, M, "Caroline usually cooks at home."),
    ("I still have the letter.", C, M, "Caroline still has the letter."),
    ("I also play chess.", C, M, "Caroline also plays chess."),
    ("I just love it.", C, M, "Caroline just loves it."),
    # coordinated verbs
    ("I cook and clean.", C, M, "Caroline cooks and cleans."),
    ("I cook and clean on Sundays.", C, M, "Caroline cooks and cleans on Sundays."),
    ("I sing and dance at parties.", C, M, "Caroline sings and dances at parties."),
    ("I work hard and fast.", C, M, "Caroline works hard and fast."),
    ("I run, swim and bike.", C, M, "Caroline runs, swims and bikes."),
    ("I love pizza and pasta.", C, M, "Caroline loves pizza and pasta."),
    ("I read books and watch movies.", C, M, "Caroline reads books and watches movies."),
    ("I watch TV and go to bed.", C, M, "Caroline watches TV and goes to bed."),
    ("I'm tired and am going home.", C, M, "Caroline is tired and is going home."),
    ("I can sing and dance.", C, M, "Caroline can sing and dance."),
    ("I don't smoke or drink.", C, M, "Caroline doesn't smoke or drink."),
    ("I do yoga and I don't smoke.", C, M, "Caroline does yoga and Caroline doesn't smoke."),
    ("I work and you study.", C, M, "Caroline works and Melanie studies."),
    # questions with inversion
    ("Are you coming?", C, M, "Is Melanie coming?"),
    ("are you coming?", C, M, "Is Melanie coming?"),
    ("Do you like jazz?", C, M, "Does Melanie like jazz?"),
    ("Have you seen it?", C, M, "Has Melanie seen it?"),
    ("Am I right?", C, M, "Is Caroline right?"),
    ("Don't you like it?", C, M, "Doesn't Melanie like it?"),
    ("Where do you live?", C, M, "Where does Melanie live?"),
    ("Why are you so tired?", C, M, "Why is Melanie so tired?"),
    ("How long have you been painting?", C, M, "How long has Melanie been painting?"),
    ("What do you think about my plan?", C, M, "What does Melanie think about Caroline's plan?"),
    ("Were you at the party?", C, M, "Was Melanie at the party?"),
    ("Did you go to the parade?", C, M, "Did Melanie go to the parade?"),
    ("Can you help me?", C, M, "Can Melanie help Caroline?"),
    ("What should I buy?", C, M, "What should Caroline buy?"),
    ("Could you look after my dog?", C, M, "Could Melanie look after Caroline's dog?"),
    ("Have you ever been to Paris?", C, M, "Has Melanie ever been to Paris?"),
    ("Are you all right?", C, M, "Is Melanie all right?"),
    # subordinate and relative clauses
    ("I think you should go.", C, M, "Caroline thinks Melanie should go."),
    ("I hope you're well.", C, M, "Caroline hopes Melanie is well."),
    ("I know you love it.", C, M, "Caroline knows Melanie loves it."),
    ("When I was a kid, I loved horses.", C, M, "When Caroline was a kid, Caroline loved horses."),
    ("If I have time, I will come.", C, M, "If Caroline has time, Caroline will come."),
    ("The book that you gave me is great.", C, M, "The book that Melanie gave Caroline is great."),
    ("The people who I love are here.", C, M, "The people who Caroline loves are here."),
    ("It's the best gift I have.", C, M, "It's the best gift Caroline has."),
    ("I told her that I love my job.", C, M, "Caroline told her that Caroline loves their job."),
    ("I'll let you know.", C, M, "Caroline will let Melanie know."),
    ("I made you laugh.", C, M, "Caroline made Melanie laugh."),
    ("Lucky you to have such a family!", C, M, "Lucky Melanie to have such a family!"),
    # imperatives keep their form
    ("Call me tomorrow.", C, M, "Call Caroline tomorrow."),
    ("Don't forget my birthday.", C, M, "Don't forget Caroline's birthday."),
    ("Tell me about your trip.", C, M, "Tell Caroline about Melanie's trip."),
    ("Take care of yourself.", C, M, "Take care of oneself."),
    ("Let's go hiking.", C, M, "Let's go hiking."),
    ("Let us know.", C, M, "Let Caroline and others know."),
    ("Thank you for the gift!", C, M, "Thank Melanie for the gift!"),
    ("Send me the photos.", C, M, "Send Caroline the photos."),
    # plural subjects keep a plural verb
    ("My sister and I are going.", C, M, "Caroline's sister and Caroline are going."),
    ("You and I should talk.", C, M, "Melanie and Caroline should talk."),
    ("My mom and I love it.", C, M, "Caroline's mom and Caroline love it."),
    ("I and my sister love it.", C, M, "Caroline and Caroline's sister love it."),
    ("You guys are great.", C, M, "Melanie and others are great."),
    ("You two are getting along.", C, M, "Melanie and others are getting along."),
    # we: the speaker and others, or the pair where it is clearly meant
    ("We went camping with our kids.", C, M, "Caroline and others went camping with their kids."),
    ("We're happy.", C, M, "Caroline and others are happy."),
    ("We've been there.", C, M, "Caroline and others have been there."),
    ("We'd love to come.", C, M, "Caroline and others would love to come."),
    ("We'll see.", C, M, "Caroline and others will see."),
    ("We have two rules now.", C, M, "Caroline and others have two rules now."),
    # a question's last clause without "do" or "that": "you" is its subject
    ("Any particular type of flooring you like?", C, M, "Any particular type of flooring Melanie likes?"),
    ("Which one you like best?", C, M, "Which one Melanie likes best?"),
    ("Anything you need?", C, M, "Anything Melanie needs?"),
    ("The book you loved?", C, M, "The book Melanie loved?"),
    ("Can I ask you something?", C, M, "Can Caroline ask Melanie something?"),
    ("Remember the trip I told you about?", C, M, "Remember the trip Caroline told Melanie about?"),
    ("We can't wait to see you.", C, M, "Caroline and others can't wait to see Melanie."),
    ("Come to our house.", C, M, "Come to Caroline's house."),
    ("They invited us.", C, M, "They invited Caroline and others."),
    ("We did it ourselves.", C, M, "Caroline and others did it themselves."),
    ("Our dog loves us.", C, M, "Caroline's dog loves Caroline and others."),
    ("Should we meet on Friday?", C, M, "Should Caroline and Melanie meet on Friday?"),
    ("We should get together.", C, M, "Caroline and Melanie should get together."),
    ("Did we meet before?", C, M, "Did Caroline and Melanie meet before?"),
    ("It's been ages since we talked.", C, M, "It's been ages since Caroline and Melanie talked."),
    ("Our friendship means a lot.", C, M, "Caroline and Melanie's friendship means a lot."),
    ("Remember when we went to the beach?", C, M, "Remember when Caroline and Melanie went to the beach?"),
    # possessives
    ("My favorite band is Radiohead.", C, M, "Caroline's favorite band is Radiohead."),
    ("Your empathy will help people.", C, M, "Melanie's empathy will help people."),
    ("That book is mine.", C, M, "That book is Caroline's."),
    ("Is this yours?", C, M, "Is this Melanie's?"),
    ("Your mom called me.", C, M, "Melanie's mom called Caroline."),
    ("I think my mom is right.", C, M, "Caroline thinks Caroline's mom is right."),
    ("I told you my plan.", C, M, "Caroline told Melanie Caroline's plan."),
    # a second reference to the clause's subject is a pronoun (no gender guessed)
    ("I miss my mom.", C, M, "Caroline misses their mom."),
    ("I visited the neighbours and walked my dog.", C, M, "Caroline visited the neighbours and walked their own dog."),
    ("I took the kids to see my parents.", C, M, "Caroline took the kids to see their own parents."),
    ("Caroline is giving my voice.", C, M, "Caroline is giving Caroline's voice."),
    ("I am giving my voice.", C, M, "Caroline is giving their voice."),
    ("I lost mine.", C, M, "Caroline lost theirs."),
    ("I shared my own story.", C, M, "Caroline shared their own story."),
    ("You love your job.", C, M, "Melanie loves their job."),
    ("We love our kids.", C, M, "Caroline and others love their kids."),
    ("I hurt myself.", C, M, "Caroline hurt themself."),
    ("I myself think so.", C, M, "Caroline themself thinks so."),
    ("You should be proud of yourself.", C, M, "Melanie should be proud of themself."),
    ("Be yourself.", C, M, "Be Melanie."),
    # chat leaves out "I": the speaker is put back before a past-tense statement
    ("Wanted to let you know that I got the job.", C, M, "Caroline wanted to let Melanie know that Caroline got the job."),
    ("Just got back from the beach with my kids!", C, M, "Caroline just got back from the beach with their kids!"),
    ("Oh, went to the park yesterday.", C, M, "Oh, Caroline went to the park yesterday."),
    ("Finally finished my painting.", C, M, "Caroline finally finished their painting."),
    ("Took this pic last summer.", C, M, "Caroline took this pic last summer."),
    ("Read that book last week.", C, M, "Caroline read that book last week."),
    ("Read lots and try out different genres.", C, M, "Read lots and try out different genres."),  # "try": advice
    ("Read lots and loved it.", C, M, "Caroline read lots and loved it."),
    ("Got a new puppy!", C, M, "Caroline got a new puppy!"),
    ("Thanks! Made it myself.", C, M, "Thanks! Caroline made it themself."),
    ("Visited my mom and then went home.", C, M, "Caroline visited their mom and then went home."),
    # an object form can be the subject of the clause its reflexive is in
    ("The class lets us be ourselves.", C, M, "The class lets Caroline and others be themselves."),
    ("It lets me be myself.", C, M, "It lets Caroline be themself."),
    # a clause after a restated object gets its "that": not two names run together
    ("I told you I would come.", C, M, "Caroline told Melanie that Caroline would come."),
    ("Did I tell you my sister moved?", C, M, "Did Caroline tell Melanie that Caroline's sister moved?"),
    ("I told you that I would come.", C, M, "Caroline told Melanie that Caroline would come."),
    ("I showed you the photos.", C, M, "Caroline showed Melanie the photos."),
    ("Haven't seen you since we last talked.", C, M, "Caroline hasn't seen Melanie since Caroline and Melanie last talked."),
    # a left-out "we" talking together is the pair; with someone named, the speaker alone
    ("Haven't talked in ages!", C, M, "Caroline and Melanie haven't talked in ages!"),
    ("Haven't caught up since the spring.", C, M, "Caroline and Melanie haven't caught up since the spring."),
    ("Haven't hung out in forever!", C, M, "Caroline and Melanie haven't hung out in forever!"),
    ("Caught up with Jen last night.", C, M, "Caroline caught up with Jen last night."),
    ("Haven't spoken to my brother in years.", C, M, "Caroline hasn't spoken to their brother in years."),
    ("Had never tried sushi before.", C, M, "Caroline had never tried sushi before."),
    ("Have a great day!", C, M, "Have a great day!"),  # an imperative
    ("Been there, done that.", C, M, "Been there, done that."),  # an idiom: no root verb to restate
    ("Made with love.", C, M, "Made with love."),  # a bare participle: no one is said to have made it
    ("Went to the park?", C, M, "Went to the park?"),  # a question keeps its form
    ("Take care of yourself.", C, M, "Take care of oneself."),  # an imperative's reflexive is the addressee's, unnamed
    ('"Went home early," he wrote.', C, M, '"Went home early," he wrote.'),  # quoted speech
    ("Sounds good.", C, M, "Sounds good."),  # present tense: "it" is left out, not "I"
    ("I took it with me.", C, M, "Caroline took it with them."),
    # a present verb coordinated after an auxiliary agrees too
    ("I'm packing for the market and want to bring a tent.", C, M, "Caroline is packing for the market and wants to bring a tent."),
    ("I'm gonna chat with the mayor, get support and gather ideas.", C, M, "Caroline is gonna chat with the mayor, get support and gather ideas."),
    ("It reminds me why I'm chasing my dream and keeps me going.", C, M, "It reminds Caroline why Caroline is chasing their dream and keeps Caroline going."),
    ("I don't drink coffee or eat meat.", C, M, "Caroline doesn't drink coffee or eat meat."),  # under "do": the base form
    # a capitalised "Your" after a label opens its clause, it is no title
    ("**Registration**: Your shop needs a permit.", C, M, "**Registration**: Melanie's shop needs a permit."),
    ("(Paid)", C, M, "(Paid)"),  # a bracketed note after a list item: no one is said to have paid
    ("I loved The Last Time I Lied by Riley Sager.", C, M, "Caroline loved The Last Time I Lied by Riley Sager."),  # "I" in a title
    ("Yesterday Mel and I went to Paris.", C, M, "Yesterday Mel and Caroline went to Paris."),
    ("I'd been wanting to try yoga.", "John", "Maria", "John had been wanting to try yoga."),
    # two mentions of one person side by side are separated
    ("For me I just get lost in thought.", "Nate", "Joanna", "For Nate, Nate just gets lost in thought."),
    # a pronoun inside a capitalised title or name stays as written
    ("I am reading Crawl Before You Walk again.", "Caroline", "Melanie", "Caroline is reading Crawl Before You Walk again."),
    ("I loved My Little Pony as a kid.", "Caroline", "Melanie", "Caroline loved My Little Pony as a kid."),
    ("Wow Caroline, You did it!", "Melanie", "Caroline", "Wow Caroline, Caroline did it!"),
    # quoted speech stays as said
    ("She told me 'I love you'.", C, M, "She told Caroline 'I love you'."),
    ('He said "you are late" to me.', C, M, 'He said "you are late" to Caroline.'),
    ('My mom always says "I love you" to me.', C, M, 'Caroline\'s mom always says "I love you" to Caroline.'),
    ("I wrote \u201cI am enough\u201d on the mirror.", C, M, "Caroline wrote \u201cI am enough\u201d on the mirror."),
    ("My kids' toys are everywhere.", C, M, "Caroline's kids' toys are everywhere."),
    # names that are also words
    ("I will go.", "Will", "May", "Will will go."),
    ("I will call you.", "Will", "May", "Will will call May."),
    ("Will you come?", "Will", "May", "Will May come?"),
    ("You may go.", "Will", "May", "May may go."),
    ("May I ask you something?", "May", "Will", "May May ask Will something?"),
    ("I met him in May.", "May", "Will", "May met him in May."),
    ("I hope you can come.", "Hope", "Bill", "Hope hopes Bill can come."),
    ("I rose early.", "Rose", "Bill", "Rose rose early."),
    ("I will bill you.", "Bill", "Rose", "Bill will bill Rose."),
    ("Rose, I think you're right.", "Bill", "Rose", "Rose, Bill thinks Rose is right."),
    # chat roles
    ("I like pizza.", USER, ASSISTANT, "The user likes pizza."),
    ("My dog is sick.", USER, ASSISTANT, "The user's dog is sick."),
    ("i want to learn python", USER, ASSISTANT, "The user wants to learn python"),
    ("Thanks, I appreciate it.", USER, ASSISTANT, "Thanks, the user appreciates it."),
    ("Can you help me plan my trip?", USER, ASSISTANT, "Can the assistant help the user plan their trip?"),
    ("What food should I buy for him?", USER, ASSISTANT, "What food should the user buy for him?"),
    ("You should buy puppy food.", ASSISTANT, USER, "The user should buy puppy food."),
    ("I recommend Acme brand.", ASSISTANT, USER, "The assistant recommends Acme brand."),
    ("Do you have a budget?", ASSISTANT, USER, "Does the user have a budget?"),
    ("We could start with a budget.", ASSISTANT, USER, "The assistant and the user could start with a budget."),
    ("Great. You're all set!", ASSISTANT, USER, "Great. The user is all set!"),
    # objects of prepositions and other objects
    ("Between you and me, it's fine.", C, M, "Between Melanie and Caroline, it's fine."),
    ("He gave me his book.", C, M, "He gave Caroline his book."),
    ("This is for you.", C, M, "This is for Melanie."),
    ("She lives near me.", C, M, "She lives near Caroline."),
    # a person without a name stays as written
    ("You should visit.", C, None, "You should visit."),
    ("I love you.", C, None, "Caroline loves you."),
    ("We went out.", C, None, "Caroline and others went out."),
    ("I love you.", None, M, "I love Melanie."),
    # fillers, look-alikes, several sentences
    ("You know, I love it.", C, M, "You know, Caroline loves it."),
    ("It was, I mean, fine.", C, M, "It was, I mean, fine."),
    ("The US is big.", C, M, "The US is big."),
    ("World War I ended in 1918.", C, M, "World War I ended in 1918."),
    # an imperative's reflexive is its unspoken subject, said generically ("Familiarize the user" was wrong)
    ("Familiarize yourself with the rules first.", C, M, "Familiarize oneself with the rules first."),
    ("As you read, ask yourself questions.", C, M, "As Melanie reads, ask oneself questions."),
    ("People like yourself make a difference.", C, M, "People like Melanie make a difference."),
    # a pronoun inside a hyphenated word is part of the word
    ("I need some me-time this week.", C, M, "Caroline needs some me-time this week."),
    ("We found an all-you-can-eat place near my office.", C, M, "Caroline and others found an all-you-can-eat place near Caroline's office."),
    ("Tell me - did you go?", C, M, "Tell Caroline - did Melanie go?"),
    ("See you later! I told you about it.", C, M, "See Melanie later! Caroline told Melanie about it."),
    ("I'm home. Are you?", C, M, "Caroline is home. Is Melanie?"),
    ("It is what it is.", C, M, "It is what it is."),
    # a clitic written onto the pronoun agrees whatever the parse made of the clause
    ("I finished it today and I'm in the mood for more.", C, M, "Caroline finished it today and Caroline is in the mood for more."),
    ("I read a novel by Kristin Hannah, today and I'm in the mood for more.", C, M,
     "Caroline read a novel by Kristin Hannah, today and Caroline is in the mood for more."),
    ("Me and you're friends.", C, M, "Caroline and Melanie are friends."),
    ("Well, you've been great and I've loved it.", C, M, "Well, Melanie has been great and Caroline has loved it."),
]


@pytest.mark.parametrize(("text", "speaker", "addressee", "expected"), CASES)
def test_restate_text(text: str, speaker: str | None, addressee: str | None, expected: str) -> None:
    assert restate_text(text, speaker, addressee) == expected


HINTED: list[tuple[str, str, Pronoun, str]] = [
    ("I miss my mom.", C, "she", "Caroline misses her mom."),
    ("I hurt myself.", C, "she", "Caroline hurt herself."),
    ("I took it with me.", C, "she", "Caroline took it with her."),
    ("I love my job, my mom and my dog.", C, "she", "Caroline loves her job, her mom and her dog."),
    ("I lost mine.", "Jon", "he", "Jon lost his."),
    ("I bought me a car.", "Jon", "he", "Jon bought himself a car."),
    ("I miss my mom.", USER, "they", "The user misses their mom."),
    ("I did it myself.", USER, "they", "The user did it themself."),
]


@pytest.mark.parametrize(("text", "speaker", "pronoun", "expected"), HINTED)
def test_a_pronoun_hint_names_the_second_reference(text: str, speaker: str, pronoun: Pronoun, expected: str) -> None:
    assert restate_text(text, speaker, M, speaker_pronoun=pronoun) == expected


def test_a_span_of_a_parsed_doc_is_restated_without_parsing_again() -> None:
    from ripplemem.ground.person import _pipeline

    doc = _pipeline()("Hi Mel! I love my new job. Do you like yours?")
    second = doc.char_span(8, 26)
    assert second is not None and second.text == "I love my new job."
    assert restate_person(second, C, M) == "Caroline loves their new job."
    edits = person_edits(doc, C, M)
    assert all(isinstance(e, Edit) and doc.text[e.start : e.end].strip() for e in edits)
    assert apply_edits(doc.text, edits) == "Hi Mel! Caroline loves their new job. Does Melanie like theirs?"


def test_a_bare_verb_after_an_if_clause_is_an_imperative_and_does_not_agree() -> None:
    # the parse makes "feel" the root and "stop" its conjunct; "stops and rests" would be no English
    assert restate_text("If you feel pain, stop and rest.", C, M) == "If Melanie feels pain, stop and rest."
    assert restate_text("If I cook and clean all day, I get tired.", C, M) == "If Caroline cooks and cleans all day, Caroline gets tired."


def test_a_doc_without_a_parse_is_refused() -> None:
    import spacy

    with pytest.raises(ConfigError, match="parser"):
        person_edits(spacy.blank("en")("I like pizza."), C, M)


def test_third_person() -> None:
    verbs = ("love", "go", "try", "watch", "play", "have", "do", "fix", "kiss", "buzz", "echo", "be", "Say")
    assert [third_person(v) for v in verbs] == [
        "loves", "goes", "tries", "watches", "plays", "has", "does", "fixes", "kisses", "buzzes", "echoes", "is", "Says",
    ]  # fmt: skip


def test_apply_edits_skips_overlaps() -> None:
    assert apply_edits("I like it", [Edit(0, 1, "Ann"), Edit(2, 6, "likes"), Edit(0, 6, "x")]) == "Ann likes it"


def test_the_table_is_large() -> None:
    assert len(CASES) + len(HINTED) >= 150


def test_a_span_after_a_vocative_gets_its_left_out_subject_back() -> None:
    """The parser reads "Hey Sam! Haven't slept ..." as one sentence whose subject is "Sam";
    the span restated starts after the vocative, and its subject "I" was left out."""
    from ripplemem.ground.person import _pipeline

    doc = _pipeline()("Hey Sam! Haven't slept in two days, wanted to tell you I passed the exam!")
    span = doc[3:]
    assert span.text.startswith("Haven't")
    assert restate_person(span, "Ola", "Sam").startswith("Ola hasn't slept in two days")


def test_the_sentences_of_a_span_are_those_its_words_are_in() -> None:
    """One ``Token.sent`` per sentence gives what one per word gave: every sentence a word of
    the span is in, in order, each once (a span may start and end inside one)."""
    from ripplemem.ground.person import _pipeline, _sentences_of

    doc = _pipeline()("Got back from the lake! It was cold. Been a busy week, honestly. Love that photo of you.")
    for start in range(len(doc)):
        for end in range(start, len(doc) + 1):
            span = doc[start:end]
            by_word = [(s.start, s.end) for s in {t.sent.start: t.sent for t in span}.values()]
            assert [(s.start, s.end) for s in _sentences_of(span)] == by_word
    assert [s.text for s in _sentences_of(doc)] == [s.text for s in doc.sents]


def test_tag_question_keeps_general_our() -> None:
    """A statement with a question tagged on states what it says: its "our" is anyone's."""
    def ours(text: str) -> bool:
        return any(impersonal(t) for t in parsed(text) if t.lower_ == "our")

    assert ours("It's wild how small things can have such a powerful effect on our happiness, right?")
    assert ours("Books can change our lives, don't you think?")
    assert not ours("Can books change our lives?")
