// The login form, lobby and scores of a public server.
