//! The model of the file formats `zhengfen-dmc-1` and `zhengfen-dmc-2` (AI.md §7.1): a
//! safetensors file whose metadata names the rules and the layout and whose tensors are the
//! MLP's weights, float32 or float16. `zhengfen-dmc-2` adds one metadata key, `residual`, under
//! which each hidden layer after the first whose input and output widths are equal adds its
//! input to its output; the tensors are the same. This module checks what the metadata and the
//! tensors say (every refusal an [`Error::Model`] naming the file and the reason) and holds the
//! weights as float32 matrices; the safetensors container itself (its header, reading and
//! writing its tensors) is [`super::container`]'s.

use std::collections::BTreeMap;
use std::path::Path;

use ndarray::{Array1, Array2};

use super::container;
pub use super::container::Tensor;
use super::features::{state_size, MOVE_SIZE};
use crate::error::{Error, Result};
use crate::rules::{Rules, Variant};

/// The value of the `format` metadata key of a plain MLP (no `residual` key read).
pub const FORMAT: &str = "zhengfen-dmc-1";
/// The value of the `format` metadata key of a model that says whether it is residual.
pub const FORMAT_2: &str = "zhengfen-dmc-2";
/// The most history rows a model may read.
pub const MAX_HISTORY_ROWS: usize = 16;
/// The largest hidden layer a model may have (a bound on the memory a file can ask for).
pub const MAX_LAYER: usize = 65_536;
/// The metadata keys every model has.
const REQUIRED: [&str; 8] = [
    "format",
    "game",
    "players",
    "encoding_version",
    "history_rows",
    "layers",
    "activation",
    "training",
];
/// The numbers `training` holds, with the JSON type each must have.
const TRAINING: [(&str, &str); 4] = [
    ("decisions", "an integer"),
    ("seconds", "a number"),
    ("core_hours", "a number"),
    ("command", "a string"),
];

/// A loaded model: its metadata and its weights, widened to float32.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Where it came from (a path, or `<bytes>`), for messages.
    pub(crate) origin: String,
    pub(crate) metadata: BTreeMap<String, String>,
    pub(crate) game: Variant,
    pub(crate) players: u8,
    pub(crate) history_rows: usize,
    pub(crate) layers: Vec<usize>,
    /// Whether the hidden layers of equal widths add their input (`zhengfen-dmc-2`'s
    /// `residual`).
    pub(crate) residual: bool,
    pub(crate) state_scale: Array1<f32>,
    pub(crate) move_scale: Array1<f32>,
    /// `layer0.state_weight`, `[S, h_0]`.
    pub(crate) state_weight: Array2<f32>,
    /// `layer0.move_weight`, `[M, h_0]`.
    pub(crate) move_weight: Array2<f32>,
    pub(crate) bias0: Array1<f32>,
    /// `layer{i}.weight` and `layer{i}.bias` for i = 1..L-1.
    pub(crate) hidden: Vec<(Array2<f32>, Array1<f32>)>,
    pub(crate) output_weight: Array1<f32>,
    pub(crate) output_bias: f32,
}

impl Model {
    /// The model in the safetensors bytes `bytes`; `origin` names them in errors.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<Model> {
        let contents = container::read(bytes)
            .map_err(|why| Error::model(format!("model {origin}: {why}"), origin))?;
        Model::build(contents.metadata, contents.tensors, origin)
    }

    /// The model in the file at `path`.
    pub fn load(path: impl AsRef<Path>) -> Result<Model> {
        let path = path.as_ref();
        let origin = path.display().to_string();
        let bytes = std::fs::read(path)
            .map_err(|e| Error::model(format!("model {origin}: cannot be read ({e})"), &origin))?;
        Model::from_bytes(&bytes, &origin)
    }

    /// The model of `metadata` and float32 `tensors` (named as in the format), checked as a
    /// file is.
    pub fn from_parts(
        metadata: BTreeMap<String, String>,
        tensors: BTreeMap<String, Tensor>,
    ) -> Result<Model> {
        Model::build(metadata, tensors, "<arrays>")
    }

    /// The model as safetensors bytes, its tensors float32, or float16 with `float16` (rounded to
    /// nearest: a model saved so loads with those rounded weights). The same model gives the
    /// same bytes: the metadata is written in key order.
    pub fn to_bytes(&self, float16: bool) -> Result<Vec<u8>> {
        container::write(self.tensors(), &self.metadata, float16).map_err(|e| {
            Error::model(
                format!("model {}: cannot be written ({e})", self.origin),
                &self.origin,
            )
        })
    }

    /// Writes the model to `path` ([`Model::to_bytes`]).
    pub fn save(&self, path: impl AsRef<Path>, float16: bool) -> Result<()> {
        let path = path.as_ref();
        std::fs::write(path, self.to_bytes(float16)?).map_err(|e| {
            Error::model(
                format!("model file {}: cannot be written ({e})", path.display()),
                path.display(),
            )
        })
    }

    /// Refuses the model for `rules` unless its game and players are theirs.
    pub fn check(&self, rules: &Rules) -> Result<()> {
        if self.game == rules.variant && self.players == rules.players {
            return Ok(());
        }
        Err(Error::model(
            format!(
                "model {}: it plays {} with {} players, not {} with {} players",
                self.origin,
                self.game.name(),
                self.players,
                rules.variant.name(),
                rules.players
            ),
            &self.origin,
        ))
    }

    /// The metadata, every key (unknown ones kept).
    pub fn metadata(&self) -> &BTreeMap<String, String> {
        &self.metadata
    }
    /// The game it plays.
    pub fn game(&self) -> Variant {
        self.game
    }
    /// The number of players it plays with.
    pub fn players(&self) -> u8 {
        self.players
    }
    /// Rows of the history tensor in its state input.
    pub fn history_rows(&self) -> usize {
        self.history_rows
    }
    /// Its hidden layers' sizes.
    pub fn layers(&self) -> &[usize] {
        &self.layers
    }
    /// Whether each hidden layer after the first whose input and output widths are equal adds
    /// its input to its output (`residual` = `true` in a `zhengfen-dmc-2` file).
    pub fn residual(&self) -> bool {
        self.residual
    }
    /// Where it came from: a path, `<bytes>` or `<arrays>`.
    pub fn origin(&self) -> &str {
        &self.origin
    }
    /// The length of its state input, `591 + 7 + 94 * history_rows`.
    pub fn state_size(&self) -> usize {
        state_size(self.history_rows)
    }

    /// Every tensor by its name in the format, as float32.
    pub fn tensors(&self) -> BTreeMap<String, Tensor> {
        let mut out = BTreeMap::new();
        let mut put = |name: String, shape: &[usize], data: Vec<f32>| {
            out.insert(
                name,
                Tensor {
                    shape: shape.to_vec(),
                    data,
                },
            );
        };
        let vector = |a: &Array1<f32>| a.to_vec();
        let matrix = |a: &Array2<f32>| a.iter().copied().collect::<Vec<f32>>();
        put(
            "input.state_scale".into(),
            self.state_scale.shape(),
            vector(&self.state_scale),
        );
        put(
            "input.move_scale".into(),
            self.move_scale.shape(),
            vector(&self.move_scale),
        );
        put(
            "layer0.state_weight".into(),
            self.state_weight.shape(),
            matrix(&self.state_weight),
        );
        put(
            "layer0.move_weight".into(),
            self.move_weight.shape(),
            matrix(&self.move_weight),
        );
        put(
            "layer0.bias".into(),
            self.bias0.shape(),
            vector(&self.bias0),
        );
        for (i, (w, b)) in self.hidden.iter().enumerate() {
            put(format!("layer{}.weight", i + 1), w.shape(), matrix(w));
            put(format!("layer{}.bias", i + 1), b.shape(), vector(b));
        }
        put(
            "output.weight".into(),
            self.output_weight.shape(),
            vector(&self.output_weight),
        );
        put("output.bias".into(), &[1], vec![self.output_bias]);
        out
    }

    /// The model of checked `metadata` and `tensors`.
    fn build(
        metadata: BTreeMap<String, String>,
        mut tensors: BTreeMap<String, Tensor>,
        origin: &str,
    ) -> Result<Model> {
        let bad = |why: String| Error::model(format!("model {origin}: {why}"), origin);
        let layout = Layout::read(&metadata).map_err(bad)?;
        let expected = layout.shapes();
        check_names(&tensors, &expected).map_err(bad)?;
        for (name, shape) in &expected {
            check_tensor(name, &tensors[name], shape).map_err(bad)?;
        }
        let mut take = |name: &str| tensors.remove(name).expect("checked above");
        let vector = |t: Tensor| Array1::from_vec(t.data);
        let matrix = |t: Tensor| {
            Array2::from_shape_vec((t.shape[0], t.shape[1]), t.data).expect("checked shape")
        };
        let hidden = (1..layout.layers.len())
            .map(|i| {
                let w = matrix(take(&format!("layer{i}.weight")));
                (w, vector(take(&format!("layer{i}.bias"))))
            })
            .collect();
        Ok(Model {
            origin: origin.to_string(),
            state_scale: vector(take("input.state_scale")),
            move_scale: vector(take("input.move_scale")),
            state_weight: matrix(take("layer0.state_weight")),
            move_weight: matrix(take("layer0.move_weight")),
            bias0: vector(take("layer0.bias")),
            hidden,
            output_weight: vector(take("output.weight")),
            output_bias: take("output.bias").data[0],
            metadata,
            game: layout.game,
            players: layout.players,
            history_rows: layout.history_rows,
            layers: layout.layers,
            residual: layout.residual,
        })
    }
}

/// What the metadata says of the rules and the layout.
struct Layout {
    game: Variant,
    players: u8,
    history_rows: usize,
    layers: Vec<usize>,
    residual: bool,
}

impl Layout {
    /// The layout in `metadata`, every key checked.
    fn read(metadata: &BTreeMap<String, String>) -> std::result::Result<Layout, String> {
        if let Some(missing) = REQUIRED.iter().find(|k| !metadata.contains_key(**k)) {
            return Err(format!(
                "its metadata has no '{missing}' (a {FORMAT} model has {})",
                REQUIRED.join(", ")
            ));
        }
        let key = |k: &str| metadata[k].as_str();
        let residual = read_residual(key("format"), metadata.get("residual"))?;
        let version = crate::encode::VERSION.to_string();
        if key("encoding_version") != version {
            return Err(format!(
                "encoding_version is '{}', but this zhengfen encodes version {version}",
                key("encoding_version")
            ));
        }
        let game = match key("game") {
            "zheng_fen" => Variant::ZhengFen,
            "zen_cheng_you" => Variant::ZenChengYou,
            other => return Err(format!("game is '{other}', not zheng_fen or zen_cheng_you")),
        };
        let players = read_players(game, key("players"))?;
        let history_rows = digits(key("history_rows"))
            .filter(|h| *h <= MAX_HISTORY_ROWS)
            .ok_or_else(|| {
                format!(
                    "history_rows is '{}', not 0 to {MAX_HISTORY_ROWS}",
                    key("history_rows")
                )
            })?;
        let layers = read_layers(key("layers"))?;
        if key("activation") != "relu" {
            return Err(format!("activation is '{}', not 'relu'", key("activation")));
        }
        check_training(key("training"))?;
        Ok(Layout {
            game,
            players,
            history_rows,
            layers,
            residual,
        })
    }

    /// Every tensor's name and shape, in the format's order.
    fn shapes(&self) -> Vec<(String, Vec<usize>)> {
        let (s, m, l) = (state_size(self.history_rows), MOVE_SIZE, &self.layers);
        let mut out = vec![
            ("input.state_scale".to_string(), vec![s]),
            ("input.move_scale".to_string(), vec![m]),
            ("layer0.state_weight".to_string(), vec![s, l[0]]),
            ("layer0.move_weight".to_string(), vec![m, l[0]]),
            ("layer0.bias".to_string(), vec![l[0]]),
        ];
        for i in 1..l.len() {
            out.push((format!("layer{i}.weight"), vec![l[i - 1], l[i]]));
            out.push((format!("layer{i}.bias"), vec![l[i]]));
        }
        out.push(("output.weight".to_string(), vec![l[l.len() - 1]]));
        out.push(("output.bias".to_string(), vec![1]));
        out
    }
}

/// Whether a model of the format `format` is residual: never in `zhengfen-dmc-1` (where a
/// `residual` key is an unknown one, kept and unread); in `zhengfen-dmc-2` as its `residual`
/// key says, `true` or `false`.
fn read_residual(format: &str, residual: Option<&String>) -> std::result::Result<bool, String> {
    match format {
        FORMAT => Ok(false),
        FORMAT_2 => match residual.map(String::as_str) {
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            Some(other) => Err(format!("residual is '{other}', not 'true' or 'false'")),
            None => Err(format!(
                "its metadata has no 'residual' (a {FORMAT_2} model has one)"
            )),
        },
        other => Err(format!(
            "format is '{other}', not '{FORMAT}' or '{FORMAT_2}'"
        )),
    }
}

/// The player count `text` gives for `game`.
fn read_players(game: Variant, text: &str) -> std::result::Result<u8, String> {
    let allowed = match game {
        Variant::ZhengFen => 3..=6,
        Variant::ZenChengYou => 4..=4,
    };
    digits(text)
        .and_then(|p| u8::try_from(p).ok())
        .filter(|p| allowed.contains(p))
        .ok_or_else(|| {
            format!(
                "players is '{text}', not {} to {} for {}",
                allowed.start(),
                allowed.end(),
                game.name()
            )
        })
}

/// The hidden sizes in `text`, comma separated (no blanks), at least one, each 1 to
/// [`MAX_LAYER`].
fn read_layers(text: &str) -> std::result::Result<Vec<usize>, String> {
    text.split(',')
        .map(|size| digits(size).filter(|s| (1..=MAX_LAYER).contains(s)))
        .collect::<Option<Vec<usize>>>()
        .ok_or_else(|| {
            format!("layers is '{text}', not hidden sizes (1 to {MAX_LAYER}) separated by commas")
        })
}

/// The number `text` writes in decimal digits alone (no sign, no blank), if it is one.
fn digits(text: &str) -> Option<usize> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| text.parse().ok()).flatten()
}

/// Refuses `text` unless it is a JSON object holding the training numbers.
fn check_training(text: &str) -> std::result::Result<(), String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("training is not JSON ({e})"))?;
    let object = value.as_object().ok_or("training is not a JSON object")?;
    for (name, kind) in TRAINING {
        let fits = object.get(name).is_some_and(|v| match kind {
            "an integer" => v.is_u64(),
            "a number" => v.is_number(),
            _ => v.is_string(),
        });
        if !fits {
            return Err(format!("training has no '{name}' that is {kind}"));
        }
    }
    Ok(())
}

/// Refuses a missing or an extra tensor.
fn check_names(
    tensors: &BTreeMap<String, Tensor>,
    expected: &[(String, Vec<usize>)],
) -> std::result::Result<(), String> {
    if let Some((name, _)) = expected.iter().find(|(n, _)| !tensors.contains_key(n)) {
        return Err(format!("tensor '{name}' is missing"));
    }
    if let Some(extra) = tensors
        .keys()
        .find(|n| !expected.iter().any(|(e, _)| e == *n))
    {
        return Err(format!(
            "tensor '{extra}' is not one of the format's (the layers say {})",
            expected.len()
        ));
    }
    Ok(())
}

/// Refuses a tensor of another shape, or one holding a value that is not finite.
fn check_tensor(name: &str, tensor: &Tensor, shape: &[usize]) -> std::result::Result<(), String> {
    if tensor.shape != shape || tensor.data.len() != shape.iter().product::<usize>() {
        return Err(format!(
            "tensor '{name}' has shape {:?}, not {shape:?}",
            tensor.shape
        ));
    }
    if let Some(i) = tensor.data.iter().position(|v| !v.is_finite()) {
        return Err(format!(
            "tensor '{name}' holds {} (at {i}): every value must be finite",
            tensor.data[i]
        ));
    }
    Ok(())
}
