//! The count of agent specs read ([`Agent::specs_read`]): one reading a spec, its nested
//! policy included, and none for what is done with the agent after (showing it, binding it to
//! rules, giving it a model, cloning it). Alone in its test binary, so no other test reads
//! specs meanwhile.

use zhengfen_core::{Agent, Rules};

#[test]
fn a_spec_is_read_once_and_nothing_after_reads_it_again() {
    let rules = Rules::zheng_fen(4).unwrap();
    let start = Agent::specs_read();
    let guided = Agent::parse_unread("ismcts(iterations=3,policy=learned)").unwrap();
    assert_eq!(
        Agent::specs_read(),
        start + 1,
        "the nested policy is part of one reading"
    );
    let bound = guided.bind(&rules).unwrap();
    let shown = bound.to_string();
    let learned = Agent::parse("learned").unwrap().bind(&rules).unwrap();
    assert_eq!(Agent::specs_read(), start + 2);
    let Agent::Learned(learned) = learned else {
        unreachable!()
    };
    let model = learned.model.unwrap();
    let again = bound
        .clone()
        .with_model(model)
        .unwrap()
        .bind(&rules)
        .unwrap();
    assert_eq!(again.to_string(), shown);
    assert_eq!(
        Agent::specs_read(),
        start + 2,
        "binding, showing, a model: no reading"
    );
    assert!(Agent::parse("clever").is_err());
    assert_eq!(
        Agent::specs_read(),
        start + 3,
        "a refused spec was read too"
    );
}
