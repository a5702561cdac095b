//! Dominoes's page program (`dominoes.html`): see [`parlour::game_page`].
parlour::game_page!(parlour::games::DOMINOES);
