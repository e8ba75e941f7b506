/**
 * The everyday lexicon (decision 067): each accepted equivalence on a sentence of its own (not from
 * the bank nor any evaluation set) graded 4-5 stars, next to a meaning error on the same sentence
 * (the other particle, another verb, another thing) that stays at 2 stars or fewer.
 */
import { beforeAll, describe, it } from 'vitest';
import { createEvaluator, type Evaluator } from './index';
import { expectParaphraseCases, testProblems } from './test-problems';

const problem = testProblems(700, '日常語彙のテスト用の問題です。');

/** Japanese, accepted answer, a paraphrase with the lexicon's equivalent, a meaning error. */
type Case = readonly [string, string, string, string];

const PHRASAL_CASES: readonly Case[] = [
  ['報告書を確認してください。', 'Please check the report.', 'Please look over the report.', 'Please look for the report.'],
  ['彼は報告書を確認した。', 'He checked the report.', 'He went over the report.', 'He threw away the report.'],
  ['その本を返しました。', 'I returned the book.', 'I gave the book back.', 'I borrowed the book.'],
  ['その商品を返品しよう。', "Let's return the item.", "Let's send the item back.", "Let's buy the item."],
  ['手伝ってくれますか。', 'Can you help me?', 'Can you give me a hand?', 'Can you call me?'],
  ['彼女が私を手伝ってくれた。', 'She helped me.', 'She gave me a hand.', 'She gave me a call.'],
  ['彼は話し続けた。', 'He continued talking.', 'He carried on talking.', 'He stopped talking.'],
  ['この写真を見てください。', 'Please look at this picture.', 'Please have a look at this picture.', 'Please paint this picture.'],
  ['先週彼に連絡しました。', 'I contacted him last week.', 'I got in touch with him last week.', 'I argued with him last week.'],
  ['私たちは正午に駅に着いた。', 'We arrived at the station at noon.', 'We got to the station at noon.', 'We left the station at noon.'],
  ['彼が辞めたと知った。', 'I learned that he had quit.', 'I found out that he had quit.', 'I hoped that he had quit.'],
  ['会議を手配してくれますか。', 'Can you arrange a meeting?', 'Can you set up a meeting?', 'Can you cancel a meeting?'],
  ['会議を延期しなければならない。', 'We have to postpone the meeting.', 'We have to put off the meeting.', 'We have to cancel the meeting.'],
  ['彼女はその申し出を断った。', 'She refused the offer.', 'She turned down the offer.', 'She accepted the offer.'],
  ['私が子供たちを迎えに行きます。', 'I will collect the children.', 'I will pick up the children.', 'I will feed the children.'],
  ['彼は犬の世話をしている。', 'He is looking after the dog.', 'He is taking care of the dog.', 'He is afraid of the dog.'],
  ['彼は日本に戻った。', 'He returned to Japan.', 'He went back to Japan.', 'He moved to Japan.'],
  ['どうすればいいかわからない。', "I can't figure out what to do.", "I can't work out what to do.", "I can't decide what to do."],
  ['彼女は私の事務所に立ち寄った。', 'She visited my office.', 'She dropped by my office.', 'She cleaned my office.'],
  ['ドアに鍵をかけたか確かめて。', 'Make sure you locked the door.', 'Ensure you locked the door.', 'Make sure you opened the door.'],
  ['宿題を提出しました。', 'I submitted my homework.', 'I handed in my homework.', 'I forgot my homework.'],
  ['電気をつけてください。', 'Please turn on the light.', 'Please switch on the light.', 'Please turn off the light.'],
  ['私は鍵を探している。', 'I am looking for my key.', 'I am searching for my key.', 'I am looking for my wallet.'],
  ['古い服を捨てた。', 'I threw away my old clothes.', 'I got rid of my old clothes.', 'I gave away my old clothes.'],
  ['駅で昔の友達に偶然会った。', 'I ran into an old friend at the station.', 'I bumped into an old friend at the station.', 'I waited for an old friend at the station.'],
  ['父はたばこをやめた。', 'My father gave up smoking.', 'My father stopped smoking.', 'My father started smoking.'],
  ['祖父は去年亡くなった。', 'My grandfather died last year.', 'My grandfather passed away last year.', 'My grandfather retired last year.'],
  ['後で電話してください。', 'Please call me later.', 'Please give me a ring later.', 'Please email me later.'],
  ['座ってください。', 'Please sit down.', 'Please take a seat.', 'Please stand up.'],
  ['朝食を食べましたか。', 'Did you have breakfast?', 'Did you eat breakfast?', 'Did you skip breakfast?'],
  ['シャワーを浴びた。', 'I took a shower.', 'I had a shower.', 'I took a nap.'],
  ['暗くなってきた。', 'It is getting dark.', 'It is becoming dark.', 'It is getting cold.'],
  ['パーティーは楽しかった。', 'I had a good time at the party.', 'I had fun at the party.', 'I had a bad time at the party.'],
  ['彼とは仲良くやっている。', 'I get along well with him.', 'I get on well with him.', 'I argue a lot with him.'],
];

const ADVERBIAL_CASES: readonly Case[] = [
  ['概して、彼の考えはよい。', 'Generally, his idea is good.', 'On the whole, his idea is good.', 'Generally, his idea is bad.'],
  ['少し待ってください。', 'Please wait for a moment.', 'Please wait for a sec.', 'Please wait for a year.'],
  ['そのケーキが大好きです。', 'I like the cake a lot.', 'I like the cake very much.', 'I hate the cake a lot.'],
  ['今は忙しい。', 'I am busy at the moment.', 'I am busy right now.', 'I was busy yesterday.'],
  ['すぐに来てください。', 'Please come immediately.', 'Please come right away.', 'Please come tomorrow.'],
  ['最近、彼はよく働く。', 'These days he works hard.', 'Nowadays he works hard.', 'These days he sleeps a lot.'],
  ['結局、彼は来なかった。', 'In the end, he did not come.', 'Eventually, he did not come.', 'In the end, he came.'],
  ['時々、私は料理をする。', 'Sometimes I cook.', 'From time to time I cook.', 'I never cook.'],
  ['彼は一人でそれをした。', 'He did it by himself.', 'He did it on his own.', 'He did it with his friends.'],
  ['健康はお金より大切だ。', 'Health is more important than money.', 'Health matters more than money.', 'Money is more important than health.'],
  ['また遊びに来てね。', 'Come and see us again.', 'Come to visit us again.', 'Come and help us again.'],
  ['牛乳が切れた。', 'We have run out of milk.', 'We are out of milk.', 'We have run out of sugar.'],
  ['急がなくてもいいよ。', 'You do not have to hurry.', 'You do not need to hurry.', 'You have to hurry.'],
  ['駅の隣に銀行がある。', 'There is a bank next to the station.', 'There is a bank beside the station.', 'There is a bank far from the station.'],
];

const POLITENESS_CASES: readonly Case[] = [
  ['ここに座ってもいいですか。', 'Can I sit here?', 'Is it okay if I sit here?', 'Can you sit here?'],
  ['コーヒーをください。', 'I would like a coffee.', 'I want a coffee.', 'I would like a tea.'],
  ['公園に行こう。', "Let's go to the park.", 'Shall we go to the park?', "Let's go to the library."],
  ['どうもありがとう。', 'Thank you very much.', 'Thanks a lot.', 'Sorry very much.'],
];

const WORD_CASES: readonly Case[] = [
  ['列に並んでください。', 'Please wait in line.', 'Please wait in the queue.', 'Please wait in the car.'],
  ['時刻表を確認した。', 'I checked the schedule.', 'I checked the timetable.', 'I checked the menu.'],
  ['友達と出かけた。', 'I went out with my friends.', 'I went out with my mates.', 'I went out with my parents.'],
  ['間違いをした。', 'I made a mistake.', 'I made an error.', 'I made a cake.'],
  ['その答えは正しい。', 'The answer is correct.', 'The answer is right.', 'The answer is wrong.'],
  ['窓を閉めてください。', 'Please close the window.', 'Please shut the window.', 'Please open the window.'],
  ['自転車を修理した。', 'I repaired my bike.', 'I fixed my bike.', 'I sold my bike.'],
  ['映画館に行った。', 'I went to the movie theater.', 'I went to the cinema.', 'I went to the museum.'],
  ['携帯電話をなくした。', 'I lost my cell phone.', 'I lost my mobile phone.', 'I lost my wallet.'],
  ['お会計をお願いします。', 'Can I have the check, please?', 'Can I have the bill, please?', 'Can I have the menu, please?'],
];

const SECOND_BATCH_CASES: readonly Case[] = [
  ['靴を脱いでください。', 'Please take off your shoes.', 'Please remove your shoes.', 'Please put on your shoes.'],
  ['私たちは電車に乗った。', 'We boarded the train.', 'We got on the train.', 'We got off the train.'],
  ['私は父を尊敬している。', 'I respect my father.', 'I look up to my father.', 'I look after my father.'],
  ['彼女はよい考えを思いついた。', 'She came up with a good idea.', 'She thought of a good idea.', 'She came up with a bad idea.'],
  ['彼は風邪から回復した。', 'He recovered from his cold.', 'He got over his cold.', 'He caught his cold.'],
  ['物価が上がった。', 'Prices went up.', 'Prices rose.', 'Prices went down.'],
  ['週末は友達と過ごす。', 'I spend time with my friends on weekends.', 'I hang out with my friends on weekends.', 'I argue with my friends on weekends.'],
  ['その授業に申し込んだ。', 'I registered for the class.', 'I signed up for the class.', 'I paid for the class.'],
  ['彼らは試合を中止した。', 'They canceled the game.', 'They called off the game.', 'They won the game.'],
  ['彼はわざとそれをした。', 'He did it on purpose.', 'He did it deliberately.', 'He did it by accident.'],
  ['前もって知らせてください。', 'Please tell me in advance.', 'Please tell me beforehand.', 'Please tell me later.'],
  ['私は30分待った。', 'I waited for half an hour.', 'I waited for thirty minutes.', 'I waited for three minutes.'],
  ['彼はめったに遅刻しない。', 'He is rarely late.', 'He is hardly ever late.', 'He is always late.'],
  ['みんな来た。', 'Everybody came.', 'Everyone came.', 'Nobody came.'],
  ['その映画は退屈だった。', 'The movie was boring.', 'The movie was dull.', 'The movie was exciting.'],
];

const THIRD_BATCH_CASES: readonly Case[] = [
  ['7時に起こしてください。', 'Please wake me at seven.', 'Please wake me up at seven.', 'Please call me at seven.'],
  ['彼は私を失望させた。', 'He disappointed me.', 'He let me down.', 'He helped me.'],
  ['彼は会議を延期した。', 'He postponed the meeting.', 'He put off the meeting.', 'He called off the meeting.'],
  ['その問題を調べます。', 'I will investigate the problem.', 'I will look into the problem.', 'I will ignore the problem.'],
  ['彼女はその問題にうまく対処した。', 'She handled the problem well.', 'She dealt with the problem well.', 'She caused the problem.'],
  ['昨日は家にいた。', 'I stayed at home yesterday.', 'I stayed home yesterday.', 'I went out yesterday.'],
  ['彼は父親に似ている。', 'He takes after his father.', 'He resembles his father.', 'He takes after his mother.'],
  ['来年海外に行きたい。', 'I want to go abroad next year.', 'I want to go overseas next year.', 'I want to go home next year.'],
  ['週末はたいてい家にいる。', 'I usually stay home on weekends.', 'I usually stay home at weekends.', 'I usually stay home on weekdays.'],
  ['今までのところ順調です。', 'So far everything is fine.', 'Up to now everything is fine.', 'So far nothing is fine.'],
  ['その歌手はますます人気になっている。', 'The singer is becoming more and more popular.', 'The singer is becoming increasingly popular.', 'The singer is becoming less popular.'],
  ['良い一日を。', 'Have a nice day.', 'Have a good day.', 'Have a bad day.'],
  ['この計画をどう思いますか。', 'What do you think of this plan?', 'How do you feel about this plan?', 'What do you know about this plan?'],
  ['庭で遊んだ。', 'I played in the garden.', 'I played in the yard.', 'I played in the kitchen.'],
  ['彼女は事故でけがをした。', 'She was injured in the accident.', 'She was hurt in the accident.', 'She was killed in the accident.'],
];

const FOURTH_BATCH_CASES: readonly Case[] = [
  ['昨日は5時に起きた。', 'I got up at five yesterday.', 'I was up at five yesterday.', 'I went to bed at five yesterday.'],
  ['毎日7時に起きる。', 'I get up at seven every day.', 'I am up at seven every day.', 'I go to bed at seven every day.'],
  ['古い電池を交換する必要がある。', 'We need to replace the old battery.', 'We need to swap out the old battery.', 'We need to charge the old battery.'],
  ['その会社は新しい電話を発売した。', 'The company launched a new phone.', 'The company came out with a new phone.', 'The company came up with a new phone.'],
  ['パーティーに出席してください。', 'Please attend the party.', 'Please show up at the party.', 'Please leave the party.'],
  ['彼女は宿題を終えた。', 'She finished her homework.', 'She got her homework done.', 'She got her homework back.'],
  ['昨夜その本を読み終えた。', 'I finished the book last night.', 'I got through the book last night.', 'I threw away the book last night.'],
  ['私たちはその工場を訪れた。', 'We visited the factory.', 'We paid a visit to the factory.', 'We built the factory.'],
  ['彼女の言いたいことが理解できない。', "I can't understand what she means.", "I can't make out what she means.", "I can't remember what she means."],
  ['彼はすぐにルールを覚えた。', 'He learned the rules quickly.', 'He got the hang of the rules quickly.', 'He forgot the rules quickly.'],
  ['時間を最大限に活用しなさい。', 'Make the most of your time.', 'Get the most out of your time.', 'Waste your time.'],
  ['先生はテストを配った。', 'The teacher handed out the tests.', 'The teacher passed out the tests.', 'The teacher collected the tests.'],
  ['息子が風邪をひいた。', 'My son caught a cold.', 'My son came down with a cold.', 'My son came down with a fever.'],
  ['風邪をひいています。', 'I have a cold.', "I've come down with a cold.", "I've come down with the flu."],
  ['そのテストはとても簡単だった。', 'The test was very easy.', 'The test was a piece of cake.', 'The test was very hard.'],
  ['彼らは新しい部長を探している。', 'They are looking for a new manager.', 'They are on the lookout for a new manager.', 'They are waiting for a new manager.'],
  ['ネットショッピングは人気になってきている。', 'Online shopping is becoming popular.', 'Online shopping is getting to be popular.', 'Online shopping is getting to be unpopular.'],
  ['財布がなくなった。', 'My wallet is lost.', 'My wallet has gone missing.', 'My wallet has been found.'],
  ['すぐ行きます。', "I'll be right there.", "I'll be right over.", "I'll be right back."],
  ['できるだけ早く返事をください。', 'Please reply as soon as possible.', 'Please reply asap.', 'Please reply next week.'],
  ['笑わずにはいられなかった。', "I couldn't help laughing.", "I couldn't stop laughing.", "I couldn't stop crying."],
  ['水をいただけますか。', 'Can I have some water?', 'Can I get some water?', 'Can I get some coffee?'],
  ['明日は雨でしょう。', 'It will be rainy tomorrow.', "We'll have rainy weather tomorrow.", "We'll have sunny weather tomorrow."],
  ['昨日は寒かった。', 'It was cold yesterday.', 'We had cold weather yesterday.', 'We had hot weather yesterday.'],
  ['上司と話さなければならない。', 'I have to talk to my boss.', "I've got to talk to my boss.", "I've got to talk to my mother."],
  ['なぜ彼は学校を休んだのですか。', 'Why was he absent from school?', "Why wasn't he at school?", 'Why was he at school?'],
  ['彼は会議を欠席した。', 'He was absent from the meeting.', 'He was not at the meeting.', 'He was at the meeting.'],
  ['兄が車を運転させてくれた。', 'My brother let me drive his car.', 'My brother let me take his car for a drive.', 'My brother let me wash his car.'],
  ['この電車は古いものの2倍速く走る。', 'This train runs twice as fast as the old one.', 'This train goes twice as fast as the old one.', 'This train goes twice as slowly as the old one.'],
  ['暗いので外が見えない。', "I can't see outside because it is dark.", "I can't see out of it because it is dark.", "I can't see inside because it is dark."],
  ['届いたら中身を確認してください。', 'When it arrives, please check the contents.', "When it arrives, please check what's in it.", 'When it arrives, please throw away the contents.'],
  ['箱の中身を確認してください。', 'Please check the contents of the box.', "Please check what's in the box.", "Please check what's under the box."],
  ['ご意見をお聞かせいただきありがとうございます。', 'Thank you for sharing your opinion.', 'Thank you for letting us know your opinion.', 'Thank you for changing your opinion.'],
];

/** Fifth batch (decision 082): families a Japanese learner reaches for. */
const FIFTH_BATCH_CASES: readonly Case[] = [
  ['両親は毎朝散歩する。', 'My parents take a walk every morning.', 'My mom and dad take a walk every morning.', 'My brothers take a walk every morning.'],
  ['両親がその車を買ってくれた。', 'My parents bought me the car.', 'My mother and father bought me the car.', 'My uncle and aunt bought me the car.'],
  ['週末は祖父母の家に行きます。', "I go to my grandparents' house on weekends.", "I go to my grandma and grandpa's house on weekends.", "I go to my uncle's house on weekends."],
  ['電車が遅れている。', 'The train is delayed.', 'The train is running late.', 'The train is crowded.'],
  ['彼の飛行機は遅れた。', 'His flight was delayed.', 'His flight was late.', 'His flight was cancelled.'],
  ['今夜は何をするつもりですか。', 'What are you going to do tonight?', 'What are you up to tonight?', 'What did you do last night?'],
  ['空港まで迎えに行きます。', 'I will pick you up at the airport.', 'I will come and get you at the airport.', 'I will see you off at the airport.'],
  ['彼女が駅まで迎えに来てくれた。', 'She picked me up at the station.', 'She got me at the station.', 'She dropped me off at the station.'],
  ['わからない言葉はネットで調べなさい。', 'Look up new words online.', 'Check new words online.', 'Write new words online.'],
  ['妹をキャンプに連れて行ってもいいですか。', 'Can I bring my sister to the camp?', 'Can I take my sister along to the camp?', 'Can I leave my sister at the camp?'],
  ['弟は水泳のレッスンを受けている。', 'My brother takes swimming lessons.', 'My brother takes swimming classes.', 'My brother takes piano lessons.'],
  ['私は自分の部屋で本を読んでいる。', 'I am reading a book in my room.', 'I am reading a book in my bedroom.', 'I am reading a book in the kitchen.'],
  ['この店では果物を売っていますか。', 'Do they sell fruit at this store?', 'Do they sell fruit here?', 'Do they grow fruit here?'],
  ['駅に着くとすぐに彼に電話した。', 'As soon as I got to the station, I called him.', 'Right after I got to the station, I called him.', 'Before I got to the station, I called him.'],
  ['言うまでもなく、睡眠は大切だ。', 'Needless to say, sleep is important.', 'Of course, sleep is important.', 'Needless to say, sleep is not important.'],
  ['失敗を気にしないで。', "Don't worry about failing.", "Don't be afraid of failing.", "Don't think about winning."],
  ['私たちが着くころには、バスはもう出ているだろう。', 'The bus will have already left by the time we arrive.', 'The bus will already be gone by the time we arrive.', 'The bus will not have left by the time we arrive.'],
];

/** Sixth batch (decision 090): release, allowed, discuss, raise, review, see, redo, put through, leave home, meet, by chance, get into, exhausted, not sure, upset, college, fun, outside, queue, be on, previous, sold out, have to, checkup, as it shows, be right with you, the beach. */
const SIXTH_BATCH_CASES: readonly Case[] = [
  ['そのアルバムは来週発売される。', 'The album will be released next week.', 'The album comes out next week.', 'The album came out last week.'],
  ['ここでたばこを吸ってはいけません。', 'Smoking is not allowed here.', 'Smoking is not ok here.', 'Smoking is ok here.'],
  ['できるだけ早く返事をください。', 'Please reply as soon as possible.', 'Please reply as soon as you can.', 'Please reply as late as you can.'],
  ['私たちは昨日その計画について話し合った。', 'We discussed the plan yesterday.', 'We talked about the plan yesterday.', 'We forgot about the plan yesterday.'],
  ['彼はその話題を夕食の時に持ち出した。', 'He raised the topic at dinner.', 'He brought up the topic at dinner.', 'He avoided the topic at dinner.'],
  ['提出する前に書類を見直してください。', 'Please review the documents before you submit them.', 'Please look at the documents before you submit them.', 'Please look for the documents before you submit them.'],
  ['その地図を見て道がわかった。', 'I saw the map and found the way.', 'I looked at the map and found the way.', 'I drew the map and found the way.'],
  ['先生は私に作文を書き直させた。', 'The teacher made me rewrite my essay.', 'The teacher made me do my essay over again.', 'The teacher made me read my essay again.'],
  ['営業部におつなぎします。', 'I will put you through to the sales department.', 'I will transfer you to the sales department.', 'I will take you to the sales department.'],
  ['彼は毎朝7時に家を出る。', 'He leaves home at seven every morning.', 'He gets out of the house at seven every morning.', 'He gets back to the house at seven every morning.'],
  ['公園で昔の友達に偶然会った。', 'I met an old friend in the park by chance.', 'I saw an old friend in the park by accident.', 'I called an old friend in the park by accident.'],
  ['姉は東京の大学に入った。', 'My sister got into a university in Tokyo.', 'My sister went to a university in Tokyo.', 'My sister left a university in Tokyo.'],
  ['試合の後、選手たちはくたくただった。', 'After the game, the players were exhausted.', 'After the game, the players were worn out.', 'After the game, the players were excited.'],
  ['彼がどこに住んでいるのかわからない。', 'I do not know where he lives.', "I'm not sure where he lives.", 'I know where he lives.'],
  ['父は怒っていた。', 'My father was angry.', 'My father was upset.', 'My father was happy.'],
  ['兄は大学で経済学を勉強している。', 'My brother studies economics at university.', 'My brother studies economics at college.', 'My brother studies economics at high school.'],
  ['その映画はとても面白かった。', 'The movie was very interesting.', 'The movie was really fun.', 'The movie was really boring.'],
  ['駅の前で待っています。', "I'm waiting in front of the station.", "I'm waiting outside the station.", "I'm waiting inside the station."],
  ['たくさんの人がチケットを買うために並んでいた。', 'Many people were standing in line to buy tickets.', 'Many people were queuing to buy tickets.', 'Many people were sitting down to buy tickets.'],
  ['彼はそのチームの一員です。', 'He is a member of the team.', 'He is on the team.', 'He is against the team.'],
  ['この車は前のものより静かだ。', 'This car is quieter than the old one.', 'This car is quieter than the previous one.', 'This car is quieter than the new one.'],
  ['そのシャツは売り切れです。', 'The shirt is out of stock.', 'The shirt is sold out.', 'The shirt is in stock.'],
  ['生徒は制服を着ることになっている。', 'Students are supposed to wear uniforms.', 'Students have to wear uniforms.', 'Students are not allowed to wear uniforms.'],
  ['毎年健康診断を受けます。', 'I have a medical checkup every year.', 'I have a health check every year.', 'I have a medical checkup every month.'],
  ['表が示すように、売上は増えた。', 'As the table shows, sales have increased.', 'Like the table shows, sales have increased.', 'As the table shows, sales have decreased.'],
  ['すぐ行きます。', "I'll be right there.", "I'll be right with you.", "I'll be there tomorrow."],
  ['彼らはビーチで泳いだ。', 'They swam in the sea.', 'They swam at the beach.', 'They swam in the pool.'],
  ['先週彼の新しいアルバムが発売された。', 'His new album was released last week.', 'His new album came out last week.', 'His new album will come out next week.'],
];

/** Sixth batch, clauses and phrases said for a noun or a frame (decision 090). */
const SIXTH_BATCH_FRAME_CASES: readonly Case[] = [
  ['入る前にノックしてください。', 'Please knock before you enter the room.', 'Please knock before you come in.', 'Please knock before you leave the room.'],
  ['宝くじが当たったら何をしますか。', 'What would you do if you won the lottery?', 'What would you want to do if you won the lottery?', 'What would you buy if you won the lottery?'],
  ['私たちは大阪へ行き、そこで2泊した。', 'We went to Osaka and stayed two nights there.', 'We went to Osaka and stayed two nights in the city.', 'We went to Osaka and stayed two nights in the country.'],
  ['この傘は私のものです。', 'This umbrella is mine.', 'This umbrella right here is mine.', 'That umbrella over there is mine.'],
  ['私には本を読む時間がない。', 'I have no time to read books.', 'I am too busy to read books.', 'I am too tired to read books.'],
  ['このかばんはいくらですか。', 'How much is this bag?', 'How much do I pay for this bag?', 'How much do I pay for this hat?'],
  ['私の靴はあなたのと同じくらい古い。', 'My shoes are as old as yours.', 'My shoes are as old as the ones you have.', 'My shoes are as new as the ones you have.'],
  ['私のかばんはあなたのより大きい。', 'My bag is bigger than yours.', 'My bag is bigger than the one you have.', 'My bag is smaller than the one you have.'],
  ['ご注文を確認いたします。', 'Let me check your order.', 'Let me check what you ordered.', 'Let me check what you cancelled.'],
  ['これは市場で最も速い車の一つです。', 'This is one of the fastest cars on the market.', 'This is one of the fastest cars you can buy.', 'This is one of the slowest cars you can buy.'],
  ['手順を覚えれば簡単です。', 'Once you learn the procedure, it is easy.', 'Once you learn how to do it, it is easy.', 'Once you forget how to do it, it is easy.'],
  ['どのスポーツがいちばん好きですか。', 'Which sport do you like best?', 'Which sport do you like more than any other?', 'Which sport do you like the least?'],
];

describe('everyday lexicon (decision 067)', () => {
  let evaluator: Evaluator;
  beforeAll(async () => {
    evaluator = await createEvaluator();
  });
  const check = (cases: readonly Case[]): void => expectParaphraseCases((p, answer) => evaluator.evaluate(p, answer), problem, cases);
  it('accepts phrasal verbs and idioms in the frame where they mean the answer verb, and keeps another particle or verb a meaning error', () => check(PHRASAL_CASES));
  it('accepts adverbials and fixed phrases, and keeps another time, amount or direction a meaning error', () => check(ADVERBIAL_CASES));
  it('accepts request and offer forms, and keeps another person or thing a meaning error', () => check(POLITENESS_CASES));
  it('accepts the second batch (taking off, boarding, prices going up, calling off, on purpose, half an hour, hardly ever, dull), and keeps the opposite a meaning error', () => check(SECOND_BATCH_CASES));
  it('accepts the third batch (wake up, let down, look into, deal with, stay home, take after, go overseas, at weekends, so far, have a good day, yard, hurt), and keeps another thing or the opposite a meaning error', () => check(THIRD_BATCH_CASES));
  it('accepts the fourth batch (be up at, swap out, come out with, show up at, get it done, pay a visit to, make out what, get the hang of, pass out, come down with, a piece of cake, on the lookout for, gone missing, be right over, asap, cannot stop -ing, can I get, the weather, have got to, not at school, take it for a drive, goes fast, see out of it, what is in it, let us know your opinion), and keeps another particle, thing or the opposite a meaning error', () => check(FOURTH_BATCH_CASES));
  it('accepts the fifth batch (mom and dad, grandma and grandpa, late for delayed, be up to, come and get, check a word, take along, lessons / classes, my bedroom, here, right after, of course, will be gone), and keeps another person, place, time or the opposite a meaning error', () => check(FIFTH_BATCH_CASES));
  it('accepts the sixth batch (comes out, not ok, as soon as you can, talk about, bring up, look at, do over, transfer, get out of the house, see a friend, by accident, go to a university, worn out, not sure, upset, college, fun, outside, queuing, on the team, previous one, sold out, have to, health check, like the table shows, be right with you, at the beach), and keeps another thing, time or the opposite a meaning error', () => check(SIXTH_BATCH_CASES));
  it('accepts the sixth batch\'s frames (come in, want to do, in the city for there, this one right here, too busy to, how much do I pay for, the one you have, what you ordered, cars you can buy, how to do it, more than any other), and keeps another thing, place or the opposite a meaning error', () => check(SIXTH_BATCH_FRAME_CASES));
  it('accepts British / American words and everyday synonyms, and keeps another thing or the opposite a meaning error', () => check(WORD_CASES));
});
