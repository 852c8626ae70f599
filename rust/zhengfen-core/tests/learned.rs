//! Learned models (`zhengfen_core::learned`): the forward pass against a plain f64 reference
//! written here from AI.md §7, the file's round trip and every refusal of the format, batches
//! whose values do not depend on their company, and the learned agent in the entry points.

use std::collections::BTreeMap;
use std::sync::Arc;

use zhengfen_core::agents::{Agent, Choose, Learned};
use zhengfen_core::batch::{rollouts, RolloutConfig, VecConfig, VecGame};
use zhengfen_core::error::Error;
use zhengfen_core::learned::{self, state_features, testing, Decisions, Model, Tensor};
use zhengfen_core::{Game, Move, Rules, SplitMix64, Variant};

fn zf4() -> Rules {
    Rules::zheng_fen(4).unwrap()
}

fn model(rules: &Rules) -> Model {
    testing::random_model(rules, 3, &[24, 12, 8], 5)
}

/// Positions of greedy games: the game and its legal moves, at every decision.
fn positions(rules: Rules, games: u64) -> Vec<(Game, Vec<Move>)> {
    let mut out = Vec::new();
    let mut rng = SplitMix64::new(0);
    for seed in 0..games {
        let mut game = Game::new(rules, seed);
        while game.current_player().is_some() {
            let moves = game.legal_moves();
            let pick = Agent::Greedy.choose(&game, &moves, &mut rng);
            out.push((game.clone(), moves.clone()));
            game.play(moves[pick]).unwrap();
        }
    }
    out
}

/// A `zhengfen-dmc-2` residual model for `rules`: two blocks of 24 that add their input, then
/// a layer of 24 to 12 that does not, then one of 12 that does.
fn residual(rules: &Rules) -> Model {
    testing::residual_model(rules, 3, &[24, 24, 24, 12, 12], 5)
}

/// The forward pass of AI.md §7.1 in f64, with plain loops over the tensors by name.
fn reference(model: &Model, state: &[f32], mv: &[f32]) -> f64 {
    let t = model.tensors();
    let get = |name: &str| &t[name];
    let layer = |x: &[f64], w: &Tensor, b: &Tensor| -> Vec<f64> {
        let (n_in, n_out) = (w.shape[0], w.shape[1]);
        (0..n_out)
            .map(|j| {
                let sum: f64 = (0..n_in)
                    .map(|i| x[i] * f64::from(w.data[i * n_out + j]))
                    .sum();
                sum + f64::from(b.data[j])
            })
            .collect()
    };
    let scaled = |x: &[f32], s: &Tensor| -> Vec<f64> {
        x.iter()
            .zip(&s.data)
            .map(|(a, b)| f64::from(*a) * f64::from(*b))
            .collect()
    };
    let a = layer(
        &scaled(state, get("input.state_scale")),
        get("layer0.state_weight"),
        get("layer0.bias"),
    );
    let zero = Tensor {
        shape: vec![a.len()],
        data: vec![0.0; a.len()],
    };
    let m = layer(
        &scaled(mv, get("input.move_scale")),
        get("layer0.move_weight"),
        &zero,
    );
    let mut h: Vec<f64> = a.iter().zip(&m).map(|(a, m)| (a + m).max(0.0)).collect();
    for i in 1..model.layers().len() {
        let next = layer(
            &h,
            get(&format!("layer{i}.weight")),
            get(&format!("layer{i}.bias")),
        );
        let y = next.into_iter().map(|v| v.max(0.0));
        h = if model.residual() && h.len() == model.layers()[i] {
            y.zip(&h).map(|(y, h)| y + h).collect()
        } else {
            y.collect()
        };
    }
    let w = &get("output.weight").data;
    h.iter().zip(w).map(|(h, w)| h * f64::from(*w)).sum::<f64>()
        + f64::from(get("output.bias").data[0])
}

fn move_rows(moves: &[Move]) -> Vec<Vec<f32>> {
    moves
        .iter()
        .map(|mv| {
            let mut row = [0u8; 90];
            zhengfen_core::encode::move_features(mv, &mut row);
            row.iter().map(|&b| f32::from(b)).collect()
        })
        .collect()
}

#[test]
fn q_values_equal_a_plain_reference_of_the_format() {
    let tables = [zf4(), Rules::zen_cheng_you(), Rules::zheng_fen(6).unwrap()];
    for (rules, model) in tables
        .iter()
        .flat_map(|r| [(*r, model(r)), (*r, residual(r))])
    {
        for (game, moves) in positions(rules, 2).iter().step_by(7) {
            let q = model.q_values(game, moves);
            let mut state = vec![0.0; model.state_size()];
            state_features(
                game,
                usize::from(game.current_player().unwrap()),
                3,
                &mut state,
            );
            for (k, row) in move_rows(moves).iter().enumerate() {
                let expected = reference(&model, &state, row);
                let tolerance = 1e-5 * expected.abs().max(1.0);
                assert!(
                    (f64::from(q[k]) - expected).abs() <= tolerance,
                    "{} vs {expected}",
                    q[k]
                );
            }
        }
    }
}

/// The model of `model`'s tensors under the metadata `edit` makes of its metadata.
fn with_metadata(model: &Model, edit: impl Fn(&mut BTreeMap<String, String>)) -> Model {
    Model::from_bytes(&edited(model, edit), "<bytes>").unwrap()
}

#[test]
fn residual_is_read_from_dmc_2_alone_and_changes_the_values() {
    let rules = zf4();
    let res = residual(&rules);
    assert!(res.residual());
    assert_eq!(res.metadata()["format"], "zhengfen-dmc-2");
    let plain = with_metadata(&res, |m| {
        m.insert("residual".into(), "false".into());
    });
    // In dmc-1, `residual` is an unknown key: kept, and the model is a plain MLP.
    let old = with_metadata(&res, |m| {
        m.insert("format".into(), "zhengfen-dmc-1".into());
    });
    assert!(!plain.residual() && !old.residual());
    assert_eq!(old.metadata()["residual"], "true");
    let mut differ = 0;
    for (game, moves) in positions(rules, 1).iter().step_by(5) {
        let (q, p) = (res.q_values(game, moves), plain.q_values(game, moves));
        assert_eq!(p, old.q_values(game, moves));
        differ += usize::from(q != p);
    }
    assert!(differ > 0, "the skips change the values");
    // A residual model survives its file.
    let again = Model::from_bytes(&res.to_bytes(false).unwrap(), "<bytes>").unwrap();
    assert!(again.residual());
    assert_eq!(again.tensors(), res.tensors());
}

#[test]
fn a_decisions_values_do_not_depend_on_its_batch() {
    let zcy = Rules::zen_cheng_you();
    for (rules, model) in [
        (zf4(), model(&zf4())),
        (zcy, model(&zcy)),
        (zf4(), residual(&zf4())),
    ] {
        let all = positions(rules, 3);
        let single: Vec<Vec<f32>> = all.iter().map(|(g, m)| model.q_values(g, m)).collect();
        // Batches of every size from 1 to 37, in an order that mixes the games.
        let mut rng = SplitMix64::new(9);
        let mut order: Vec<usize> = (0..all.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.uniform(i as u64 + 1) as usize);
        }
        let mut decisions = Decisions::new(&model);
        let mut start = 0;
        for size in (1..=37).cycle() {
            if start >= order.len() {
                break;
            }
            let chunk = &order[start..(start + size).min(order.len())];
            decisions.clear();
            for &i in chunk {
                decisions.push(&all[i].0, &all[i].1);
            }
            let q = model.q_batch(&decisions);
            for (d, &i) in chunk.iter().enumerate() {
                assert_eq!(
                    &q[decisions.moves_of(d)],
                    &single[i][..],
                    "decision {i} in a batch of {size}"
                );
            }
            start += size;
        }
    }
}

#[test]
fn the_choice_is_the_first_largest_q_value() {
    let rules = zf4();
    let model = model(&rules);
    for (game, moves) in positions(rules, 2) {
        let q = model.q_values(&game, &moves);
        let best = q.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        let first = q.iter().position(|v| *v == best).unwrap();
        assert_eq!(
            model.choose(&game, &moves),
            if moves.len() == 1 { 0 } else { first }
        );
    }
    // A model blind to the moves values them all alike: the first is played.
    let mut tensors = model.tensors();
    tensors
        .get_mut("layer0.move_weight")
        .unwrap()
        .data
        .fill(0.0);
    let blind = Model::from_parts(model.metadata().clone(), tensors).unwrap();
    for (game, moves) in positions(rules, 1)
        .into_iter()
        .filter(|(_, m)| m.len() > 1)
        .take(20)
    {
        let q = blind.q_values(&game, &moves);
        assert!(q.iter().all(|v| *v == q[0]));
        assert_eq!(blind.choose(&game, &moves), 0);
    }
}

#[test]
fn a_model_survives_its_file_and_float16_rounds_to_nearest() {
    let model = model(&Rules::zen_cheng_you());
    let again = Model::from_bytes(&model.to_bytes(false).unwrap(), "<bytes>").unwrap();
    assert_eq!(again.tensors(), model.tensors());
    assert_eq!(again.metadata(), model.metadata());
    // The same model, the same bytes (the metadata in key order).
    let bytes = model.to_bytes(false).unwrap();
    for _ in 0..5 {
        assert_eq!(again.to_bytes(false).unwrap(), bytes);
    }
    let half = Model::from_bytes(&model.to_bytes(true).unwrap(), "<bytes>").unwrap();
    for (name, tensor) in model.tensors() {
        let rounded: Vec<f32> = tensor
            .data
            .iter()
            .map(|v| half::f16::from_f32(*v).to_f32())
            .collect();
        assert_eq!(half.tensors()[&name].data, rounded, "{name}");
    }
    let path =
        std::env::temp_dir().join(format!("zhengfen-model-{}.safetensors", std::process::id()));
    model.save(&path, false).unwrap();
    let loaded = Model::load(&path).unwrap();
    assert_eq!(loaded.tensors(), model.tensors());
    assert_eq!(loaded.origin(), path.display().to_string());
    std::fs::remove_file(&path).unwrap();
}

/// The refusal of `bytes`, which must be an [`Error::Model`] naming the origin.
fn refusal(bytes: &[u8]) -> String {
    match Model::from_bytes(bytes, "test.safetensors") {
        Err(Error::Model { message: m, .. }) => {
            assert!(m.starts_with("model test.safetensors: "), "{m}");
            m
        }
        other => panic!("not refused: {other:?}"),
    }
}

/// The file of `model` with its metadata changed by `edit`.
fn edited(model: &Model, edit: impl Fn(&mut BTreeMap<String, String>)) -> Vec<u8> {
    let mut meta = model.metadata().clone();
    edit(&mut meta);
    raw_file(&meta, &model.tensors(), safetensors::Dtype::F32)
}

/// A safetensors file of `tensors` in `dtype` (F32, F16, or another whose bytes are zeros).
fn raw_file(
    meta: &BTreeMap<String, String>,
    tensors: &BTreeMap<String, Tensor>,
    dtype: safetensors::Dtype,
) -> Vec<u8> {
    let encoded: Vec<(String, Vec<u8>, Vec<usize>)> = tensors
        .iter()
        .map(|(name, t)| {
            let bytes = match dtype {
                safetensors::Dtype::F32 => t.data.iter().flat_map(|v| v.to_le_bytes()).collect(),
                _ => vec![0u8; t.data.len() * dtype.bitsize() / 8],
            };
            (name.clone(), bytes, t.shape.clone())
        })
        .collect();
    let views: Vec<(String, safetensors::tensor::TensorView<'_>)> = encoded
        .iter()
        .map(|(n, b, s)| {
            (
                n.clone(),
                safetensors::tensor::TensorView::new(dtype, s.clone(), b).unwrap(),
            )
        })
        .collect();
    let meta = meta.clone().into_iter().collect();
    safetensors::serialize(views, Some(meta)).unwrap()
}

#[test]
#[allow(clippy::too_many_lines)] // a test read top to bottom; the 60-line rule is for product code
fn loading_refuses_each_fault_with_its_reason() {
    let model = testing::random_model(&zf4(), 1, &[4, 3], 2);
    assert!(refusal(b"not a model at all").contains("not a safetensors file"));
    assert!(refusal(&[]).contains("not a safetensors file"));
    let set = |k: &'static str, v: &'static str| {
        move |m: &mut BTreeMap<String, String>| {
            m.insert(k.to_string(), v.to_string());
        }
    };
    let remove = |k: &'static str| {
        move |m: &mut BTreeMap<String, String>| {
            m.remove(k);
        }
    };
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (edited(&model, remove("format")), "metadata has no 'format'"),
        (
            edited(&model, set("format", "zhengfen-dmc-0")),
            "format is 'zhengfen-dmc-0', not 'zhengfen-dmc-1' or 'zhengfen-dmc-2'",
        ),
        (
            edited(&model, set("format", "zhengfen-dmc-2")),
            "metadata has no 'residual' (a zhengfen-dmc-2 model has one)",
        ),
        (
            edited(&model, |m| {
                m.insert("format".into(), "zhengfen-dmc-2".into());
                m.insert("residual".into(), "True".into());
            }),
            "residual is 'True', not 'true' or 'false'",
        ),
        (
            edited(&model, set("encoding_version", "1")),
            "encoding_version is '1'",
        ),
        (
            edited(&model, remove("training")),
            "metadata has no 'training'",
        ),
        (edited(&model, set("players", "x")), "players is 'x'"),
        (edited(&model, set("players", "7")), "players is '7'"),
        (edited(&model, set("players", "+4")), "players is '+4'"),
        (edited(&model, set("players", " 4")), "players is ' 4'"),
        (
            edited(&model, set("history_rows", "+1")),
            "history_rows is '+1'",
        ),
        (edited(&model, set("layers", "4, 3")), "layers is '4, 3'"),
        (edited(&model, set("layers", "+4,3")), "layers is '+4,3'"),
        (
            edited(&model, |m| {
                m.insert("game".into(), "zen_cheng_you".into());
                m.insert("players".into(), "3".into());
            }),
            "players is '3', not 4 to 4 for zen_cheng_you",
        ),
        (edited(&model, set("game", "chess")), "game is 'chess'"),
        (
            edited(&model, set("history_rows", "17")),
            "history_rows is '17'",
        ),
        (edited(&model, set("layers", "")), "layers is ''"),
        (edited(&model, set("layers", "4,0")), "layers is '4,0'"),
        (
            edited(&model, set("activation", "tanh")),
            "activation is 'tanh'",
        ),
        (
            edited(&model, set("training", "{nope")),
            "training is not JSON",
        ),
        (
            edited(&model, set("training", "[1]")),
            "training is not a JSON object",
        ),
        (
            edited(
                &model,
                set(
                    "training",
                    r#"{"decisions": 1.5, "seconds": 0, "core_hours": 0, "command": ""}"#,
                ),
            ),
            "training has no 'decisions' that is an integer",
        ),
        (
            edited(&model, set("layers", "4,3,2")),
            "tensor 'layer2.weight' is missing",
        ),
        (
            edited(&model, set("layers", "4")),
            "tensor 'layer1.bias' is not one of the format's",
        ),
        (
            edited(&model, set("layers", "5,3")),
            "tensor 'layer0.state_weight' has shape [692, 4], not [692, 5]",
        ),
        (
            edited(&model, set("history_rows", "2")),
            "tensor 'input.state_scale' has shape [692], not [786]",
        ),
    ];
    for (bytes, reason) in cases {
        let message = refusal(&bytes);
        assert!(message.contains(reason), "{message} lacks {reason}");
    }
    for dtype in [
        safetensors::Dtype::F64,
        safetensors::Dtype::I32,
        safetensors::Dtype::BF16,
    ] {
        let message = refusal(&raw_file(model.metadata(), &model.tensors(), dtype));
        assert!(
            message.contains(&format!("is {dtype}, not F32 or F16")),
            "{message}"
        );
    }
    for bad in [f32::NAN, f32::INFINITY] {
        let mut tensors = model.tensors();
        tensors.get_mut("layer1.weight").unwrap().data[2] = bad;
        let message = refusal(&raw_file(
            model.metadata(),
            &tensors,
            safetensors::Dtype::F32,
        ));
        assert!(
            message.contains("tensor 'layer1.weight' holds") && message.contains("(at 2)"),
            "{message}"
        );
    }
    // The header must begin with '{', and no metadata key may be given twice.
    let with_header = |edit: &dyn Fn(&str) -> String| {
        let bytes = model.to_bytes(false).unwrap();
        let n = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
        let header = edit(std::str::from_utf8(&bytes[8..8 + n]).unwrap());
        let mut out = (header.len() as u64).to_le_bytes().to_vec();
        out.extend(header.as_bytes());
        out.extend(&bytes[8 + n..]);
        out
    };
    let spaced = refusal(&with_header(&|h| format!(" {}", h.trim_end())));
    assert!(spaced.contains("does not begin with '{'"), "{spaced}");
    let doubled =
        with_header(&|h| h.replace(r#""__metadata__":{"#, r#""__metadata__":{"format":"nope","#));
    let message = refusal(&doubled);
    assert!(
        message.contains("its metadata gives 'format' twice"),
        "{message}"
    );
    // Unknown metadata keys are kept.
    let extra = Model::from_bytes(&edited(&model, set("note", "kept")), "x").unwrap();
    assert_eq!(extra.metadata()["note"], "kept");
}

#[test]
fn a_model_for_other_rules_is_refused_before_any_game() {
    let zcy = Arc::new(model(&Rules::zen_cheng_you()));
    let agent = Agent::Learned(Learned::from_model(zcy.clone(), None));
    let wrong = |e: Error| matches!(e, Error::Model { message: ref m, .. } if m.contains("plays zen_cheng_you with 4 players, not zheng_fen with 4 players"));
    assert!(wrong(zcy.check(&zf4()).unwrap_err()));
    let config = RolloutConfig {
        rules: zf4(),
        agents: vec![agent.clone(), Agent::Greedy, Agent::Greedy, Agent::Greedy],
        first_deal: 0,
        deals: 1,
        seed: 0,
        duplicate: false,
        matches: Some(1),
        threads: 1,
        keep_games: false,
    };
    assert!(wrong(rollouts(&config).unwrap_err()));
    let mut vec_config = VecConfig::new(zf4(), 2);
    vec_config.agents = vec![None, Some(agent.clone()), None, None];
    assert!(wrong(VecGame::new(vec_config, 0).err().unwrap()));
    let batch = VecGame::new(VecConfig::new(zf4(), 2), 0).unwrap();
    assert!(wrong(batch.agent_actions(&agent, 0).unwrap_err()));
    // Five-player Zheng Fen is other rules too.
    let zf5 = Arc::new(model(&Rules::zheng_fen(5).unwrap()));
    assert!(matches!(zf5.check(&zf4()), Err(Error::Model { .. })));
    // `learned` names the model shipped for the rules it is bound to: Zen Cheng You's plays
    // those rules, and a Zheng Fen model given by hand does not.
    let shipped = Agent::parse("learned").unwrap();
    assert!(shipped.bind(&Variant::ZenChengYou.rules()).is_ok());
    let zf4_model = Agent::Learned(Learned::from_model(learned::shipped(&zf4()).unwrap(), None));
    assert!(matches!(
        zf4_model.bind(&Variant::ZenChengYou.rules()),
        Err(Error::Model { .. })
    ));
}

#[test]
fn learned_specs_read_a_file_and_keep_its_path() {
    let path =
        std::env::temp_dir().join(format!("zhengfen-spec-{}.safetensors", std::process::id()));
    model(&zf4()).save(&path, true).unwrap();
    let spec = format!("learned(model={})", path.display());
    let agent = Agent::parse(&format!("learned( model = {} )", path.display())).unwrap();
    assert_eq!(agent.to_string(), spec);
    assert_eq!(Agent::parse(&spec).unwrap(), agent);
    assert_eq!(agent.name(), "learned");
    let twice = Agent::parse(&format!("learned(model={0},model={0})", path.display())).unwrap_err();
    assert!(
        twice.to_string().contains("'model' is given twice"),
        "{twice}"
    );
    for bad in ["learned(model=)", "learned(file=x)"] {
        assert!(
            matches!(Agent::parse(bad), Err(Error::Argument { .. })),
            "{bad}"
        );
    }
    let missing = Agent::parse("learned(model=/no/such/model.safetensors)").unwrap_err();
    assert!(
        matches!(missing, Error::Model { message: ref m, .. } if m.contains("/no/such/model.safetensors: cannot be read")),
        "{missing}"
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_model_path_with_the_grammars_characters_is_quoted() {
    let folder = std::env::temp_dir().join(format!("zhengfen a,b (1) {}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("model.safetensors");
    model(&zf4()).save(&path, true).unwrap();
    let text = path.display().to_string();
    let spec = format!("learned(model=\"{text}\")");
    let agent = Agent::parse(&spec).unwrap();
    assert_eq!(agent.model_file(), Some(text.as_str()));
    assert_eq!(
        agent.to_string(),
        spec,
        "the canonical spec quotes the path"
    );
    assert_eq!(Agent::parse(&agent.to_string()).unwrap(), agent);
    let searcher = format!("ismcts(iterations=3,policy={spec})");
    let guided = Agent::parse(&searcher).unwrap();
    assert_eq!(guided.model_file(), Some(text.as_str()));
    assert!(
        guided.to_string().ends_with(&format!("policy={spec})")),
        "{guided}"
    );
    assert_eq!(Agent::parse(&guided.to_string()).unwrap(), guided);
    // Unquoted, the comma cuts the settings: the spec is refused, never misread.
    assert!(Agent::parse(&format!("learned(model={text})")).is_err());
    for bad in [
        "learned(model=\"a)",
        "learned(model=\"a\"b)",
        "learned(model=a\"b)",
        "learned(model=\"\")",
    ] {
        let error = Agent::parse(bad).unwrap_err();
        assert!(matches!(error, Error::Argument { .. }), "{bad}: {error}");
    }
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn learned_games_are_legal_deterministic_and_the_same_on_two_threads() {
    for rules in [zf4(), Rules::zen_cheng_you()] {
        let agent = Agent::Learned(Learned::from_model(Arc::new(model(&rules)), None));
        let config = |threads| RolloutConfig {
            rules,
            agents: vec![agent.clone(), Agent::Greedy, agent.clone(), Agent::Random],
            first_deal: 0,
            deals: 4,
            seed: 11,
            duplicate: true,
            matches: Some(1),
            threads,
            keep_games: true,
        };
        let one = rollouts(&config(1)).unwrap();
        let two = rollouts(&config(2)).unwrap();
        let again = rollouts(&config(1)).unwrap();
        for ((a, b), c) in one.iter().zip(&two).zip(&again) {
            assert_eq!((&a.points, a.decisions), (&b.points, b.decisions));
            let (a, c) = (a.game.as_ref().unwrap(), c.game.as_ref().unwrap());
            assert_eq!(a.decisions(), c.decisions());
        }
        // Every move it picks is legal: played through the checked `Game::play`.
        let mut rng = SplitMix64::new(0);
        for seed in 0..3 {
            let mut game = Game::new(rules, seed);
            while game.current_player().is_some() {
                let moves = game.legal_moves();
                let pick = agent.choose(&game, &moves, &mut rng);
                game.play(moves[pick]).unwrap();
            }
        }
        assert_eq!(
            rng.next_u64(),
            SplitMix64::new(0).next_u64(),
            "it draws nothing"
        );
    }
}
