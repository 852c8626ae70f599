//! Models with seeded random weights, for tests, examples and benchmarks (an untrained model
//! plays legal but poor moves).

use std::collections::BTreeMap;

use super::features::{state_size, MOVE_SIZE};
use super::model::{Model, Tensor, FORMAT, FORMAT_2};
use crate::rules::Rules;
use crate::seed::SplitMix64;

/// The metadata of an untrained model for `rules` with `history_rows` rows and hidden sizes
/// `layers`.
pub fn metadata(rules: &Rules, history_rows: usize, layers: &[usize]) -> BTreeMap<String, String> {
    let layers = layers
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",");
    [
        ("format", FORMAT.to_string()),
        ("game", rules.variant.name().to_string()),
        ("players", rules.players.to_string()),
        ("encoding_version", crate::encode::VERSION.to_string()),
        ("history_rows", history_rows.to_string()),
        ("layers", layers),
        ("activation", "relu".to_string()),
        (
            "training",
            r#"{"decisions": 0, "seconds": 0.0, "core_hours": 0.0, "command": ""}"#.to_string(),
        ),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// A model for `rules` whose weights are uniform in ±1/sqrt(fan-in) and whose scales are 1,
/// drawn from `SplitMix64::new(seed)`.
pub fn random_model(rules: &Rules, history_rows: usize, layers: &[usize], seed: u64) -> Model {
    let mut rng = SplitMix64::new(seed);
    let mut tensors = BTreeMap::new();
    let (s, m) = (state_size(history_rows), MOVE_SIZE);
    let mut put = |name: String, shape: Vec<usize>, fan_in: usize, rng: &mut SplitMix64| {
        let bound = 1.0 / (fan_in as f64).sqrt();
        let n = shape.iter().product();
        let data = (0..n)
            .map(|_| ((uniform(rng) * 2.0 - 1.0) * bound) as f32)
            .collect();
        tensors.insert(name, Tensor { shape, data });
    };
    put(
        "layer0.state_weight".into(),
        vec![s, layers[0]],
        64,
        &mut rng,
    );
    put(
        "layer0.move_weight".into(),
        vec![m, layers[0]],
        16,
        &mut rng,
    );
    put("layer0.bias".into(), vec![layers[0]], 64, &mut rng);
    for i in 1..layers.len() {
        put(
            format!("layer{i}.weight"),
            vec![layers[i - 1], layers[i]],
            layers[i - 1],
            &mut rng,
        );
        put(
            format!("layer{i}.bias"),
            vec![layers[i]],
            layers[i - 1],
            &mut rng,
        );
    }
    let last = layers[layers.len() - 1];
    put("output.weight".into(), vec![last], last, &mut rng);
    put("output.bias".into(), vec![1], last, &mut rng);
    let ones = |n: usize| Tensor {
        shape: vec![n],
        data: vec![1.0; n],
    };
    tensors.insert("input.state_scale".into(), ones(s));
    tensors.insert("input.move_scale".into(), ones(m));
    Model::from_parts(metadata(rules, history_rows, layers), tensors)
        .expect("a random model fits the format")
}

/// [`random_model`]'s weights in a `zhengfen-dmc-2` model with `residual` = `true`: each hidden
/// layer after the first whose input and output widths are equal adds its input.
pub fn residual_model(rules: &Rules, history_rows: usize, layers: &[usize], seed: u64) -> Model {
    let plain = random_model(rules, history_rows, layers, seed);
    let mut metadata = plain.metadata().clone();
    metadata.insert("format".into(), FORMAT_2.into());
    metadata.insert("residual".into(), "true".into());
    Model::from_parts(metadata, plain.tensors()).expect("a random model fits the format")
}

/// A uniform draw in [0, 1).
fn uniform(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}
