// CounterApp
